import TestSupport
import PN532ReaderSimulator
import PN532Simulator
import Testing

struct TagSpecParseTests {
    static let signature = "7AA03F5E437B434C2547B1DEBA0FCAE831D4DEAAFF9B29FDEED7375BFD8D5FD4"

    @Test func productAlone() throws {
        #expect(try TagSpec.parse("ntag215") == TagSpec(product: .ntag215))
        #expect(try TagSpec.parse("ultralight-ev1-21") == TagSpec(product: .ultralightEV1MF0UL21))
    }

    @Test(arguments: TagProduct.allCases)
    func everyProductName(product: TagProduct) throws {
        #expect(try TagSpec.parse(product.rawValue).product == product)
    }

    @Test func withUID() throws {
        let spec = try TagSpec.parse("ntag213:uid=04A1B2C3D4E5F6")
        #expect(spec == TagSpec(product: .ntag213, uid: hex("04A1B2C3D4E5F6")))
    }

    @Test func withImage() throws {
        let spec = try TagSpec.parse("ultralight:image=FILE.mfd")
        #expect(spec == TagSpec(product: .ultralight, memory: .image(path: "FILE.mfd")))
        #expect(spec.imagePath == "FILE.mfd")
    }

    @Test func withUIDAndSignature() throws {
        let spec = try TagSpec.parse("ntag213:uid=04112233445566:sig=\(Self.signature)")
        #expect(spec.uid == hex("04112233445566"))
        #expect(spec.signature == hex(Self.signature))
    }

    @Test func blank() throws {
        #expect(try TagSpec.parse("blank") == TagSpec(product: .ultralight, memory: .blank))
        #expect(try TagSpec.parse("blank:uid=04010203040506").uid == hex("04010203040506"))
    }

    @Test func namesAreCaseInsensitiveAndHexEitherCase() throws {
        let spec = try TagSpec.parse("NTAG213:UID=04a1b2c3d4e5f6")
        #expect(spec == TagSpec(product: .ntag213, uid: hex("04A1B2C3D4E5F6")))
    }

    @Test(arguments: [
        "ntag215",
        "blank",
        "ntag213:uid=04A1B2C3D4E5F6",
        "ultralight:image=dumps/tag.mfd",
        "ntag216:uid=04000000000001:sig=\(signature)",
        "ntag215:sig=\(signature):image=x.mfd",
    ])
    func descriptionParsesBack(text: String) throws {
        let spec = try TagSpec.parse(text)
        #expect(try TagSpec.parse(spec.description) == spec)
    }

    @Test(arguments: [
        ("", TagSpecError.Reason.empty),
        (":uid=04A1B2C3D4E5F6", .empty),
        ("ntag214", .unknownProduct("ntag214")),
        ("ntag215:color=red", .unknownOption("color")),
        ("ntag215:locked", .unknownOption("locked")),
        ("ntag215:", .unknownOption("")),
        ("ntag215:uid", .missingValue(option: "uid")),
        ("ntag215:uid=", .missingValue(option: "uid")),
        ("ntag215:uid=0411223344556", .invalidHex(option: "uid", value: "0411223344556")),
        ("ntag215:uid=04112233445G66", .invalidHex(option: "uid", value: "04112233445G66")),
        ("ntag215:uid=041122334455", .wrongLength(option: "uid", expected: 7, actual: 6)),
        ("ntag215:uid=0411223344556677", .wrongLength(option: "uid", expected: 7, actual: 8)),
        ("ntag215:uid=88112233445566", .cascadeTagInUID(byteIndex: 0)),
        ("ntag215:uid=04112288445566", .cascadeTagInUID(byteIndex: 3)),
        ("ntag215:uid=04112233445566:uid=04112233445567", .duplicateOption("uid")),
        ("ntag215:sig=00", .wrongLength(option: "sig", expected: 32, actual: 1)),
        ("ultralight:sig=\(signature)", .unsupportedOption(option: "sig", product: .ultralight)),
        ("blank:sig=\(signature)", .unsupportedOption(option: "sig", product: .ultralight)),
        ("blank:image=x.mfd", .conflictingOptions("blank", "image")),
        ("ntag215:uid=04112233445566:image=x.mfd", .conflictingOptions("uid", "image")),
        ("ntag215:image=x.mfd:uid=04112233445566", .conflictingOptions("image", "uid")),
    ])
    func refusedSpecifications(text: String, reason: TagSpecError.Reason) {
        #expect(throws: TagSpecError(spec: text, reason: reason)) {
            try TagSpec.parse(text)
        }
    }

    @Test func errorMessageNamesTheProblemAndTheChoices() throws {
        let error = try #require(throws: TagSpecError.self) { try TagSpec.parse("ntag214:uid=04") }
        let message = error.description
        #expect(message.contains("unknown product \"ntag214\""))
        for name in TagSpec.productNames {
            #expect(message.contains(name))
        }
        #expect(message.contains("uid="))
        #expect(message.contains("sig="))
        #expect(message.contains("image="))
    }

    @Test func lengthMessageSaysWhatIsExpected() throws {
        let error = try #require(throws: TagSpecError.self) { try TagSpec.parse("ntag213:uid=041122") }
        #expect(error.description.contains("uid must be 7 bytes (14 hex digits), got 3"))
    }
}
