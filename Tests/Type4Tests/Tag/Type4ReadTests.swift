import ISO7816
import NDEF
import TagProtocols
import Testing
import TestSupport
import Type4

/// The Type 4 read procedure against cards scripted from the specification, hostile ones too.
struct Type4ReadTests {
    /// A URI message of 80 bytes.
    static let message = NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "a", count: 63))])

    @Test func theMessageIsReadInChunksOfMLe() throws {
        let bytes = Self.message.encoded()
        try #require(bytes.count == 80)
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + [
            ("00 B0 00 00 02", "00 50 90 00"),
            ("00 B0 00 02 3B", Script.text(Array(bytes[0..<59])) + " 90 00"),
            ("00 B0 00 3D 15", Script.text(Array(bytes[59...])) + " 90 00"),
        ])
        #expect(try Type4Tag(exchange: card).readNDEF() == Self.message)
        #expect(card.isDone)
    }

    @Test func theCallersLimitCapsEachRead() throws {
        let bytes = Self.message.encoded()
        let reads = stride(from: 0, to: 80, by: 32).map { start in
            let end = min(80, start + 32)
            return ("00 B0 00 " + Script.text([UInt8(start + 2), UInt8(end - start)]), Optional(Script.text(Array(bytes[start..<end])) + " 90 00"))
        }
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + [("00 B0 00 00 02", "00 50 90 00")] + reads)
        #expect(try Type4Tag(exchange: card, maximumReadLength: 32).readNDEF() == Self.message)
        #expect(card.isDone)
    }

    @Test func mapping1IsTheFallback() throws {
        let card = ScriptedExchange([
            ("00 A4 04 00 07 D2 76 00 00 85 01 01 00", "6A 82"),
            ("00 A4 04 00 07 D2 76 00 00 85 01 00", "90 00"),
            ("00 A4 00 00 02 E1 03", "90 00"),
            ("00 B0 00 00 02", "00 0F 90 00"),
            ("00 B0 00 02 0D", "10 00 3B 00 34 04 06 E1 04 08 00 00 00 90 00"),
            ("00 A4 00 00 02 E1 04", "90 00"),
            ("00 B0 00 00 02", "00 00 90 00"),
        ])
        #expect(try Type4Tag(exchange: card).readNDEF() == .empty)
        #expect(card.isDone)
    }

    @Test func aCardWithoutTheApplicationIsNotSupported() throws {
        let steps = [("00 A4 04 00 07 D2 76 00 00 85 01 01 00", Optional("6A 82")), ("00 A4 04 00 07 D2 76 00 00 85 01 00", "6A 82")]
        #expect(try Type4Tag(exchange: ScriptedExchange(steps)).ndefStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
        #expect {
            try Type4Tag(exchange: ScriptedExchange(steps)).readNDEFMessage()
        } throws: { error in
            guard let failure = error as? TagFailure, failure.kind == .notFormatted else { return false }
            return failure.message.contains("no NDEF application")
        }
    }

    @Test func statusAndCapacityComeFromTheCC() throws {
        #expect(try Type4Tag(exchange: ScriptedExchange(Script.open(cc: Script.desfireCC))).ndefStatus() == NDEFStatusReport(status: .readWrite, capacity: 2046))
        #expect(try Type4Tag(exchange: ScriptedExchange(Script.open(cc: Script.readOnlyCC))).ndefStatus() == NDEFStatusReport(status: .readOnly, capacity: 2046))
    }

    @Test func anNLENBeyondTheFileIsRefused() throws {
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + [("00 B0 00 00 02", "08 00 90 00")])
        #expect(throws: Type4Error.lengthBeyondFile(length: 2048, capacity: 2046)) { try Type4Tag(exchange: card).readNDEF() }
        #expect(card.isDone)
    }

    @Test func aCCLENShorterThanItsFieldsIsRefused() throws {
        let card = ScriptedExchange([Script.selectApplication, Script.selectCC, ("00 B0 00 00 02", "00 02 90 00")])
        #expect(throws: Type4Error.self) { try Type4Tag(exchange: card).readNDEF() }
        #expect(card.isDone)
    }

    @Test func anAnswerThatChainsWithoutEndIsGivenUp() throws {
        let chain = [("00 B0 00 00 02", Optional("61 01"))] + Array(repeating: ("00 C0 00 00 01", Optional("00 61 01")), count: maximumResponseRounds)
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + chain)
        #expect(throws: Type4Error.exchange(.endlessResponse(rounds: maximumResponseRounds), step: "READ BINARY offset 0, 2 bytes")) {
            try Type4Tag(exchange: card).readNDEF()
        }
        #expect(card.isDone)
    }

    @Test func aMissingNDEFFileIsNamed() throws {
        let card = ScriptedExchange(Array(Script.open(cc: Script.desfireCC).dropLast()) + [("00 A4 00 0C 02 E1 04", "6A 82")])
        #expect(throws: Type4Error.refused(.fileNotFound, step: "SELECT file E104")) { try Type4Tag(exchange: card).readNDEF() }
        #expect(card.isDone)
    }

    @Test func moreBytesThanAskedAreRefused() throws {
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + [("00 B0 00 00 02", "00 03 90 00"), ("00 B0 00 02 03", "D0 00 00 00 90 00")])
        #expect(throws: Type4Error.exchange(.responseTooLong(byteCount: 4, limit: 3), step: "READ BINARY offset 2, 3 bytes")) {
            try Type4Tag(exchange: card).readNDEF()
        }
        #expect(card.isDone)
    }

    @Test func aFileShorterThanTheCCSaysIsRefused() throws {
        // NLEN 0100 fits the 2048 bytes the CC announces; the card's file ends after 0x20.
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + [("00 B0 00 00 02", "01 00 90 00"), ("00 B0 00 02 3B", "D1 01 1C 62 82")])
        #expect(throws: Type4Error.refused(.endOfFileReached, step: "READ BINARY offset 2, 59 bytes")) { try Type4Tag(exchange: card).readNDEF() }
        #expect(card.isDone)
    }

    @Test func mapping3ReadsAFourByteENLEN() throws {
        let cc = "00 11 30 00 FF 00 FF 06 08 E1 04 00 00 10 00 00 00"
        let card = ScriptedExchange(Script.open(cc: cc) + [("00 B0 00 00 04", "00 00 00 03 90 00"), ("00 B0 00 04 03", "D0 00 00 90 00")])
        #expect(try Type4Tag(exchange: card).readNDEF() == NDEFMessage(records: [.empty]))
        #expect(card.isDone)
        let write = ScriptedExchange(Script.open(cc: cc) + [("00 D6 00 00 07 00 00 00 03 D0 00 00", "90 00")])
        try Type4Tag(exchange: write).writeNDEF(NDEFMessage(records: [.empty]), verify: false)
        #expect(write.isDone)
    }
}
