import NDEF
import PN532Simulator
import TagProtocols
import Testing
import Type4

/// The Type 4 layer against the simulator's Type 4 cards, through the in-process simulated
/// PN532 (ISO-DEP by InDataExchange).
struct Type4SimulatedCardTests {
    static func message(_ length: Int) -> NDEFMessage {
        // A URI record with the "https://" prefix: 4 header bytes (short record) or 7 (long),
        // 1 prefix byte, the rest the URI's text.
        let header = length - 5 <= 255 ? 5 : 8
        return NDEFMessage(records: [.uri("https://" + String(repeating: "x", count: length - header))])
    }

    @Test func theNTAG424DNAsFactoryFileIsEmptyAndWritable() throws {
        let card = try SimulatedCard(.ntag424)
        #expect(try card.tag().ndefStatus() == NDEFStatusReport(status: .readWrite, capacity: 254))
        #expect(try card.tag().readNDEFMessage() == .empty)
    }

    @Test(arguments: [TagProduct.ntag424, .desfireNDEF])
    func aMessageWrittenReadsBack(_ product: TagProduct) throws {
        let card = try SimulatedCard(product)
        let message = NDEFMessage(records: [.uri("https://github.com/pn532ctl/pn532ctl"), try .text(TextPayload(text: "door 7"))])
        try card.tag().writeNDEFMessage(message)
        #expect(try card.tag().readNDEFMessage() == message)
        let encoded = message.encoded()
        #expect(Array(card.ndefFile.prefix(2 + encoded.count)) == [0x00, UInt8(encoded.count)] + encoded)
    }

    @Test func aMessageOfSeveralChunksOnTheNTAG424DNA() throws {
        let card = try SimulatedCard(.ntag424)
        let message = Self.message(250)
        try #require(message.encoded().count == 250)
        // FSC 128 from its ATS: 120-byte UPDATE BINARYs, one frame each.
        try card.tag(maximumUpdateLength: Type4Tag.updateLength(frameSizeIndex: 7)).writeNDEFMessage(message)
        #expect(try card.tag().readNDEFMessage() == message)
    }

    @Test func aMessageOfSeveralChunksOnTheDESFire() throws {
        let card = try SimulatedCard(.desfireNDEF)
        #expect(try card.tag().ndefStatus() == NDEFStatusReport(status: .readWrite, capacity: 2046))
        let message = Self.message(1000)
        try #require(message.encoded().count == 1000)
        try card.tag().writeNDEFMessage(message)
        #expect(try card.tag().readNDEFMessage() == message)
    }

    @Test(arguments: [TagProduct.ntag424, .desfireNDEF])
    func aWriteLargerThanTheFileIsRefusedWithNothingWritten(_ product: TagProduct) throws {
        let card = try SimulatedCard(product)
        let before = card.ndefFile
        let capacity = before.count - 2
        #expect {
            try card.tag().writeNDEFMessage(Self.message(capacity + 1))
        } throws: { error in
            (error as? TagFailure)?.kind == .messageTooLong(length: capacity + 1, capacity: capacity)
        }
        #expect(card.ndefFile == before)
    }

    @Test func thePhoneIsAReadOnlyType4Tag() throws {
        let card = try SimulatedCard(.phoneNDEF)
        #expect(try card.tag().ndefStatus() == NDEFStatusReport(status: .readOnly, capacity: 62))
        #expect(try card.tag().readNDEFMessage() == NDEFMessage(records: [.uri("https://example.com")]))
        let before = card.ndefFile
        #expect {
            try card.tag().writeNDEFMessage(NDEFMessage(records: [.uri("https://a.io")]))
        } throws: { error in
            (error as? TagFailure)?.kind == .readOnly
        }
        #expect(throws: TagFailure.self) { try card.tag().writeLock() }
        #expect(card.ndefFile == before)
    }

    @Test func theBlankDESFireHasNoNDEFApplication() throws {
        let card = try SimulatedCard(.desfire)
        #expect(try card.tag().ndefStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
    }
}
