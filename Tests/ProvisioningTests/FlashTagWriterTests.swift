import NDEF
import PN532
import PN532Simulator
import TagProtocols
import Testing
import Type2
@testable import Provisioning

/// The writer on the in-process simulator: a Type 2 tag ends written, read back and locked;
/// a card of another family gets no command.
@Suite("Flash writer on the simulator")
struct FlashTagWriterTests {
    static let records: [NDEFRecord] = [.uri("https://example.com/t/1")]

    @Test func aType2TagIsWrittenVerifiedAndLocked() throws {
        let field = try SimulatedFlashField(.ntag213)
        let writer = FlashTagWriter(messages: try fixedMessages(Self.records), originality: .test, lock: true, protection: nil)
        let outcome = writer.provision(field.listed, session: field.session, seq: 1)
        #expect(outcome == FlashTagWriter.Outcome(product: "NTAG213", bytes: NDEFMessage(records: Self.records).length, error: nil, tagLeft: false))
        let exchange = TargetExchange(session: field.session, target: try #require(field.listed.passiveTarget))
        let tag = try Type2Tag.identify(exchange)
        #expect(try tag.readNDEF() == NDEFMessage(records: Self.records))
        #expect(try tag.ndefStatus().status == .readOnly)
    }

    @Test func aLockedTagIsAFailureAndKeepsItsMemory() throws {
        let field = try SimulatedFlashField(.ntag213)
        let writer = FlashTagWriter(messages: try fixedMessages(Self.records), originality: nil, lock: true, protection: nil)
        #expect(writer.provision(field.listed, session: field.session, seq: 1).error == nil)
        let locked = field.memory
        let again = writer.provision(field.listed, session: field.session, seq: 2)
        #expect(again.product == "NTAG213")
        #expect(again.error == "the tag is read-only: nothing was written")
        #expect(field.memory == locked)
    }

    @Test(arguments: [(TagProduct.classic1k, PassiveModulation.typeA106, "MIFARE Classic 1K"), (.typeB, .typeB106, "ISO/IEC 14443-B card")])
    func aCardOfAnotherFamilyGetsNoCommand(_ product: TagProduct, _ modulation: PassiveModulation, _ name: String) throws {
        let field = try SimulatedFlashField(product, modulation: modulation)
        let memory = field.memory
        let writer = FlashTagWriter(messages: try fixedMessages(Self.records), originality: nil, lock: true, protection: nil)
        let outcome = writer.provision(field.listed, session: field.session, seq: 1)
        #expect(outcome.product == name)
        #expect(outcome.bytes == nil)
        #expect(outcome.error?.hasSuffix(": nothing was written") == true)
        #expect(field.framesSinceListing == 0)
        #expect(field.memory == memory)
    }
}
