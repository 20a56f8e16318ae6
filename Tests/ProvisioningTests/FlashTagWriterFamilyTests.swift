import Credentials
import Crypto
import NDEF
import NFCTags
import PN532
import PN532Simulator
import TagProtocols
import Testing
@testable import Provisioning

/// The writer on Type 1, 3 and 4 tags of the in-process simulator: the message is written
/// through the tag's layer and read back; the layer's lock where there is one; what is Type 2's
/// alone, a Type 4 lock and a token on a random UID are refused before anything is written.
@Suite("Flash writer on Type 1, 3 and 4 tags")
struct FlashTagWriterFamilyTests {
    static let records: [NDEFRecord] = [.uri("https://example.com/t/1"), .uri("https://example.com/flashed")]

    /// The simulator's cards of each family that can be written, their poll and their name.
    static let writable: [(TagProduct, PassiveModulation, String)] = [
        (.topaz512, .jewel106, "Topaz/Jewel"), (.topaz96, .jewel106, "Topaz/Jewel"),
        (.felicaLiteS, .felica212, "FeliCa Lite-S"), (.felica12FC, .felica212, "FeliCa"),
        (.desfireNDEF, .typeA106, "MIFARE DESFire"), (.ntag424, .typeA106, "NTAG 424 DNA"),
    ]

    /// The tag in `field` as the door and the commands see it, activated again.
    private static func ndef(_ field: SimulatedFlashField) throws -> any NDEFTag {
        let activated = try ActivatedTag(field.listed.info, over: TargetExchange(session: field.session, target: field.listed))
        return try #require(activated.ndef)
    }

    @Test(arguments: writable)
    func theMessageIsWrittenAndReadBack(_ product: TagProduct, _ modulation: PassiveModulation, _ name: String) throws {
        let field = try SimulatedFlashField(product, modulation: modulation)
        let writer = FlashTagWriter(messages: try fixedMessages(Self.records), originality: nil, lock: false, protection: nil)
        let outcome = writer.provision(field.listed, session: field.session, seq: 1)
        #expect(outcome == FlashTagWriter.Outcome(product: name, bytes: NDEFMessage(records: Self.records).length, error: nil, tagLeft: false))
        #expect(try Self.ndef(field).readNDEFMessage() == NDEFMessage(records: Self.records))
    }

    @Test(arguments: [(TagProduct.topaz96, PassiveModulation.jewel106), (.felicaLiteS, .felica212)])
    func lockUsesTheLayersLock(_ product: TagProduct, _ modulation: PassiveModulation) throws {
        let field = try SimulatedFlashField(product, modulation: modulation)
        let writer = FlashTagWriter(messages: try fixedMessages(Self.records), originality: nil, lock: true, protection: nil)
        #expect(writer.provision(field.listed, session: field.session, seq: 1).error == nil)
        let tag = try Self.ndef(field)
        #expect(try tag.ndefStatus().status == .readOnly)
        #expect(try tag.readNDEFMessage() == NDEFMessage(records: Self.records))
        let again = writer.provision(field.listed, session: field.session, seq: 2)
        #expect(again.error?.contains("read-only") == true)
    }

    @Test func aType4LockIsRefusedBeforeAnyCommand() throws {
        let field = try SimulatedFlashField(.desfireNDEF)
        let writer = FlashTagWriter(messages: try fixedMessages(Self.records), originality: nil, lock: true, protection: nil)
        let outcome = writer.provision(field.listed, session: field.session, seq: 1)
        #expect(outcome.product == "MIFARE DESFire")
        #expect(outcome.bytes == nil)
        #expect(outcome.error == "--lock: the NDEF file of MIFARE DESFire, an NFC Forum Type 4 tag, becomes read-only only with the card's keys, which flash does not use: nothing was written")
        #expect(field.framesSinceListing == 0)
        #expect(try Self.ndef(field).readNDEFMessage() == .empty)
    }

    @Test func originalityAndPasswordAreRefusedBeforeAnyCommand() throws {
        let protection = FlashTagWriter.Protection(secret: [1, 2, 3], protectsReads: false, attemptLimit: 0) { _, _ in ([1, 2, 3, 4], [5, 6]) }
        let cases: [(FlashTagWriter, String)] = [
            (FlashTagWriter(messages: try fixedMessages(Self.records), originality: .test, lock: false, protection: nil),
             "--require-genuine checks the originality signature of NFC Forum Type 2 tags: FeliCa Lite-S is an NFC Forum Type 3 tag, with none flash checks: nothing was written"),
            (FlashTagWriter(messages: try fixedMessages(Self.records), originality: nil, lock: false, protection: protection),
             "--protect sets a Type 2 tag's password (PWD_AUTH): FeliCa Lite-S is an NFC Forum Type 3 tag, with no such password: nothing was written"),
        ]
        for (writer, refusal) in cases {
            let field = try SimulatedFlashField(.felicaLiteS, modulation: .felica212)
            let outcome = writer.provision(field.listed, session: field.session, seq: 1)
            #expect(outcome.error == refusal)
            #expect(outcome.bytes == nil)
            #expect(field.framesSinceListing == 0)
        }
    }

    @Test func aTokenIsWrittenBoundToTheTagsIdentifier() throws {
        let key = SymmetricKey(data: [UInt8](repeating: 0x42, count: 32))
        let field = try SimulatedFlashField(.felica12FC, modulation: .felica212)
        let messages = try FlashMessages(recordWords: [], fixed: nil, token: .init(user: .name("alice"), key: key), csv: nil, csvName: "") { _ throws(ProvisioningError) in [] }
        let writer = FlashTagWriter(messages: messages, originality: nil, lock: false, protection: nil)
        #expect(writer.provision(field.listed, session: field.session, seq: 1).error == nil)
        let record = try #require(try Self.ndef(field).readNDEFMessage().records.first)
        #expect(try SignedToken(record: record, uid: field.listed.info.identifier, key: key).user == "alice")
    }

    @Test func aTokenOnARandomUIDIsRefusedWithNothingSent() throws {
        let field = try SimulatedFlashField(.phoneNDEF)
        let before = try Self.ndef(field).readNDEFMessage()
        let key = SymmetricKey(data: [UInt8](repeating: 0x42, count: 32))
        let messages = try FlashMessages(recordWords: [], fixed: nil, token: .init(user: .name("alice"), key: key), csv: nil, csvName: "") { _ throws(ProvisioningError) in [] }
        let writer = FlashTagWriter(messages: messages, originality: nil, lock: false, protection: nil)
        let frames = field.framesSinceListing
        let outcome = writer.provision(field.listed, session: field.session, seq: 1)
        #expect(outcome.error?.contains("is random (4 bytes starting 08") == true)
        #expect(field.framesSinceListing == frames)
        #expect(try Self.ndef(field).readNDEFMessage() == before)
    }
}
