import PN532ReaderSimulator
import PN532Simulator
import Testing
import TestSupport

/// `desfire-ev2` and `desfire-ev3` specifications: `keys=test` (the keyed card), `keys=clone`
/// (its perfect clone) and the 56-byte `sig=`.
struct TagSpecDESFireEV2Tests {
    static let signature = String(repeating: "A5", count: 56)

    @Test(arguments: [TagProduct.desfireEV2, .desfireEV3])
    func keysTestGivesTheKeyedCardAndKeysCloneItsCopy(product: TagProduct) throws {
        let uid = hex("04451C9A6E7180")
        let keyed = try TagSpec.parse("\(product.rawValue):uid=04451C9A6E7180:keys=test:sig=\(Self.signature)").makeTag()
        #expect(keyed.product == product)
        #expect(keyed.desfire?.applications.first?.keys.first == SimulatedTag.desfireEV2TestKey(0, uid: uid))
        #expect(keyed.desfire?.signature == hex(Self.signature))
        let clone = try TagSpec.parse("\(product.rawValue):uid=04451C9A6E7180:keys=CLONE:sig=\(Self.signature)").makeTag()
        #expect(clone.uid == uid)
        #expect(clone.desfire?.signature == hex(Self.signature))
        #expect(clone.desfire?.applications.first?.files == keyed.desfire?.applications.first?.files)
        #expect(clone.desfire?.applications.first?.keys.first != SimulatedTag.desfireEV2TestKey(0, uid: uid))
        let factory = try TagSpec.parse(product.rawValue).makeTag()
        #expect(factory.desfire?.applications == [])
        #expect(try TagSpec.parse("\(product.rawValue):sig=\(Self.signature)").makeTag().desfire?.signature == hex(Self.signature))
    }

    @Test func theSpecificationPrintsAsItParses() throws {
        let text = "desfire-ev2:uid=04451C9A6E7180:sig=\(Self.signature):keys=clone"
        #expect(try TagSpec.parse(text).description == text)
    }

    @Test func wrongKeysAndSignaturesAreRefused() {
        #expect(throws: TagSpecError(spec: "desfire-ev2:keys=gold", reason: .unknownValue(option: "keys", value: "gold"))) {
            try TagSpec.parse("desfire-ev2:keys=gold")
        }
        #expect(throws: TagSpecError(spec: "desfire:keys=test", reason: .unsupportedOption(option: "keys", product: .desfire))) {
            try TagSpec.parse("desfire:keys=test")
        }
        let short = "desfire-ev3:sig=" + String(repeating: "00", count: 32)
        #expect(throws: TagSpecError(spec: short, reason: .wrongLength(option: "sig", expected: 56, actual: 32))) {
            try TagSpec.parse(short)
        }
    }
}
