import PN532ReaderSimulator
import PN532Simulator
import Testing
import TestSupport

/// `ntag424` specifications: `keys=test` (the keyed card), `keys=clone` (its perfect clone) and
/// the 56-byte `sig=`.
struct TagSpecNTAG424Tests {
    static let signature = String(repeating: "A5", count: 56)

    @Test func keysTestGivesTheKeyedCardAndKeysCloneItsCopy() throws {
        let keyed = try TagSpec.parse("ntag424:uid=04451C9A6E7180:keys=test:sig=\(Self.signature)").makeTag()
        #expect(keyed.ntag424?.keys[0] == SimulatedTag.ntag424TestKey(0))
        #expect(keyed.ntag424?.fileSettings[1].sdm != nil)
        #expect(keyed.files[0].bytes[14] == 0x80, "the CC says: write with key 0")
        #expect(keyed.ntag424?.signature == hex(Self.signature))
        let clone = try TagSpec.parse("ntag424:uid=04451C9A6E7180:keys=CLONE:sig=\(Self.signature)").makeTag()
        #expect(clone.uid == hex("04451C9A6E7180"))
        #expect(clone.ntag424?.signature == hex(Self.signature))
        #expect(clone.ntag424?.keys[0] != SimulatedTag.ntag424TestKey(0))
        #expect(clone.ntag424?.fileSettings[1].sdm == nil)
        #expect(clone.files[1].bytes.prefix(25) == keyed.files[1].bytes.prefix(25))
        #expect(try TagSpec.parse("ntag424").makeTag().ntag424?.keys[0] == [UInt8](repeating: 0, count: 16))
    }

    @Test func theSpecificationPrintsAsItParses() throws {
        let text = "ntag424:uid=04451C9A6E7180:sig=\(Self.signature):keys=clone"
        #expect(try TagSpec.parse(text).description == text)
    }

    @Test func wrongKeysAndSignaturesAreRefused() {
        #expect(throws: TagSpecError(spec: "ntag424:keys=gold", reason: .unknownValue(option: "keys", value: "gold"))) {
            try TagSpec.parse("ntag424:keys=gold")
        }
        #expect(throws: TagSpecError(spec: "ntag213:keys=test", reason: .unsupportedOption(option: "keys", product: .ntag213))) {
            try TagSpec.parse("ntag213:keys=test")
        }
        let short = "ntag424:sig=" + String(repeating: "00", count: 32)
        #expect(throws: TagSpecError(spec: short, reason: .wrongLength(option: "sig", expected: 56, actual: 32))) {
            try TagSpec.parse(short)
        }
    }
}
