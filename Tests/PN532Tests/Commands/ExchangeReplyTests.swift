import TestSupport
import Testing
@testable import PN532

@Suite("InDataExchange and InCommunicateThru replies")
struct ExchangeReplyTests {
    @Test func successfulReadCarriesTheData() throws {
        let page = hex("04 C9 10 55 AA 84 49 80 2F 48 00 00 E1 10 3E 00")
        let reply = try ExchangeReply(payload: hex("41 00") + page, command: .inDataExchange)
        #expect(reply.status.isSuccess)
        #expect(reply.data == page)
        #expect(reply.payload == hex("41 00") + page)
    }

    @Test func errorStatusIsKeptRaw() throws {
        let reply = try ExchangeReply(payload: hex("41 14"), command: .inDataExchange)
        #expect(reply.status.errorCode == .mifareAuthentication)
        #expect(reply.status.rawValue == 0x14)
        #expect(reply.data.isEmpty)
    }

    @Test func chainedReplyHasMoreInformation() throws {
        let reply = try ExchangeReply(payload: hex("41 40 90 00"), command: .inDataExchange)
        #expect(reply.status.moreInformation && reply.status.isSuccess)
    }

    @Test func capturedTimeoutOfACommandTheTagIgnores() throws {
        #expect(Command.inCommunicateThru(data: hex("1A 00")).payload == hex("42 1A 00"))
        let reply = try ExchangeReply(payload: hex("43 01"), command: .inCommunicateThru)
        #expect(reply.status.errorCode == .timeout)
        #expect(!reply.status.isSuccess)
        #expect(reply.data.isEmpty)
        #expect(reply.payload == hex("43 01"))
    }

    @Test func getVersionAnswerThroughCommunicateThru() throws {
        let reply = try ExchangeReply(payload: hex("43 00 00 04 04 02 01 00 11 03"), command: .inCommunicateThru)
        #expect(reply.status == .success)
        #expect(reply.data == hex("00 04 04 02 01 00 11 03"))
    }

    @Test func repliesOfTheOtherCommandAreRejected() {
        #expect(throws: ReplyError(command: .inDataExchange, payload: hex("43 00"),
                                   reason: .wrongResponseCode(0x43))) {
            try ExchangeReply(payload: hex("43 00"), command: .inDataExchange)
        }
        #expect(throws: ReplyError(command: .inCommunicateThru, payload: hex("41 00"),
                                   reason: .wrongResponseCode(0x41))) {
            try ExchangeReply(payload: hex("41 00"), command: .inCommunicateThru)
        }
    }
}
