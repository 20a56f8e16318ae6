import ISO7816
import NFCCore
import Testing
import TestSupport

/// One APDU exchange: GET RESPONSE after 61xx, the command again after 6Cxx, each bounded.
struct APDUExchangeTests {
    static func read(_ length: Int = 4) throws -> CommandAPDU {
        try CommandAPDU(instruction: 0xB0, p1: 0, p2: 0, expectedLength: length)
    }

    @Test func a9000AnswerIsReturnedAsItIs() throws {
        let card = ScriptedExchange([("00 B0 00 00 04", "01 02 03 04 90 00")])
        let response = try card.exchange(try Self.read())
        #expect(response == ResponseAPDU(data: [1, 2, 3, 4], status: .success))
        #expect(card.isDone)
    }

    @Test func moreBytesAvailableAreFetchedWithGetResponse() throws {
        let card = ScriptedExchange([
            ("00 B0 00 00 04", "01 02 61 03"),
            ("00 C0 00 00 03", "03 04 05 61 01"),
            ("00 C0 00 00 01", "06 90 00"),
        ])
        let response = try card.exchange(try Self.read())
        #expect(response.data == [1, 2, 3, 4, 5, 6])
        #expect(response.status == .success)
        #expect(card.isDone)
    }

    @Test func aWrongLeIsCorrectedOnce() throws {
        let card = ScriptedExchange([("00 B0 00 00 04", "6C 02"), ("00 B0 00 00 02", "0A 0B 90 00")])
        #expect(try card.exchange(try Self.read()).data == [0x0A, 0x0B])
        let twice = ScriptedExchange([("00 B0 00 00 04", "6C 02"), ("00 B0 00 00 02", "6C 01")])
        #expect(try twice.exchange(try Self.read()).status == StatusWord(0x6C, 0x01))
        #expect(card.isDone && twice.isDone)
    }

    @Test func anAnswerThatNeverEndsIsGivenUp() throws {
        let rounds = [("00 B0 00 00 04", "61 01")] + Array(repeating: ("00 C0 00 00 01", "00 61 01"), count: maximumResponseRounds)
        let card = ScriptedExchange(rounds.map { ($0.0, Optional($0.1)) })
        #expect(throws: ISO7816Error.endlessResponse(rounds: maximumResponseRounds)) { try card.exchange(try Self.read()) }
        #expect(card.isDone)
    }

    @Test func moreDataThanAskedIsRefused() throws {
        let card = ScriptedExchange([("00 B0 00 00 02", "01 02 03 90 00")])
        #expect(throws: ISO7816Error.responseTooLong(byteCount: 3, limit: 2)) { try card.exchange(try Self.read(2)) }
    }

    @Test func aCommandTheLinkCannotCarryIsNotSent() throws {
        let card = ScriptedExchange([], maximumCommandLength: 20)
        let update = try CommandAPDU(instruction: 0xD6, p1: 0, p2: 0, data: [UInt8](repeating: 0, count: 16))
        #expect(throws: ISO7816Error.commandTooLong(length: 21, limit: 20)) { try card.exchange(update) }
        #expect(card.sent.isEmpty)
    }

    @Test func silenceAndShortAnswersAreErrors() throws {
        let silent = ScriptedExchange([("00 B0 00 00 04", nil)])
        #expect(throws: ISO7816Error.exchange(.noAnswer)) { try silent.exchange(try Self.read()) }
        let short = ScriptedExchange([("00 B0 00 00 04", "90")])
        #expect(throws: ISO7816Error.malformedResponse(byteCount: 1)) { try short.exchange(try Self.read()) }
    }
}
