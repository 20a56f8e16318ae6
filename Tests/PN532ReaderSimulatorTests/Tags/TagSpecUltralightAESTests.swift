import PN532ReaderSimulator
@testable import PN532Simulator
import Testing
import TestSupport

/// `ultralight-aes` specifications: the factory card, `keys=test`, `master=HEX`, `keys=clone`
/// and the 48-byte `sig=`.
struct TagSpecUltralightAESTests {
    static let signature = String(repeating: "5A", count: 48)

    @Test func theFactoryCardHasZeroKeysAndAPublishedSignature() throws {
        let tag = try TagSpec.parse("ultralight-aes").makeTag()
        #expect(tag.product == .ultralightAES && tag.ultralightAESKey(0) == [UInt8](repeating: 0, count: 16))
        #expect(tag.signature == SimulatedTag.ultralightAESPublishedSample.signature && tag.uid == SimulatedTag.ultralightAESPublishedSample.uid)
    }

    @Test func keysAndMasterKeyTheCardAndCloneCopiesIt() throws {
        let keyed = try TagSpec.parse("ultralight-aes:uid=04010203040506:keys=test:sig=\(Self.signature)").makeTag()
        #expect(keyed.ultralightAESKey(0) == SimulatedTag.ultralightAESTestDataKey && keyed.ultralightAESKey(1) == SimulatedTag.ultralightAESTestUIDKey)
        #expect(keyed.signature == hex(Self.signature) && keyed.uid == hex("04010203040506"))
        let master = "000102030405060708090A0B0C0D0E0F"
        let diversified = try TagSpec.parse("ultralight-aes:uid=04010203040506:master=\(master)").makeTag()
        #expect(diversified.ultralightAESKey(0) == SimulatorAES(key: hex(master)).diversified(hex("04010203040506")))
        let clone = try TagSpec.parse("ultralight-aes:uid=04010203040506:keys=clone:master=\(master)").makeTag()
        #expect(clone.uid == diversified.uid && clone.memory.prefix(0x30 * 4) == diversified.memory.prefix(0x30 * 4))
        #expect(clone.ultralightAESKey(0) != diversified.ultralightAESKey(0))
    }

    @Test func theSpecificationPrintsAsItParses() throws {
        let text = "ultralight-aes:uid=04010203040506:sig=\(Self.signature):keys=clone:master=000102030405060708090A0B0C0D0E0F"
        #expect(try TagSpec.parse(text).description == text)
    }

    @Test func wrongOptionsAreRefused() {
        #expect(throws: TagSpecError(spec: "ntag213:master=00", reason: .unsupportedOption(option: "master", product: .ntag213))) {
            try TagSpec.parse("ntag213:master=00")
        }
        #expect(throws: TagSpecError(spec: "ultralight-aes:master=0011", reason: .wrongLength(option: "master", expected: 16, actual: 2))) {
            try TagSpec.parse("ultralight-aes:master=0011")
        }
        let short = "ultralight-aes:sig=" + String(repeating: "00", count: 32)
        #expect(throws: TagSpecError(spec: short, reason: .wrongLength(option: "sig", expected: 48, actual: 32))) { try TagSpec.parse(short) }
        #expect(throws: TagSpecError(spec: "ultralight-aes:image=a.mfd:keys=test", reason: .conflictingOptions("image", "keys"))) {
            try TagSpec.parse("ultralight-aes:image=a.mfd:keys=test")
        }
        #expect(throws: TagSpecError(spec: "ultralight-aes:keys=test:image=a.mfd", reason: .conflictingOptions("keys", "image"))) {
            try TagSpec.parse("ultralight-aes:keys=test:image=a.mfd")
        }
    }
}
