import TestSupport
import Testing
@testable import PN532

@Suite("Diagnose reply, per test")
struct DiagnoseResultTests {
    @Test func communicationLineTestEchoesTheData() throws {
        let payload = hex("01 00") + Array("libnfc".utf8)
        let result = try DiagnoseResult(payload: payload, test: .communicationLine)
        #expect(result == .communicationLine(echo: Array("libnfc".utf8)))
        #expect(result.passed == nil)
        #expect(result.payload == payload)
    }

    @Test func communicationLineEchoMustStartWithTheTestNumber() {
        let payload = hex("01 07 41")
        #expect(throws: ReplyError(command: .diagnose, payload: payload,
                                   reason: .unexpectedValue(field: "test number", value: 7))) {
            try DiagnoseResult(payload: payload, test: .communicationLine)
        }
    }

    @Test func singleByteResultsAreReadPerTest() throws {
        #expect(try DiagnoseResult(payload: hex("01 00"), test: .rom) == .rom(result: 0))
        #expect(try DiagnoseResult(payload: hex("01 FF"), test: .ram) == .ram(result: 0xFF))
        #expect(try DiagnoseResult(payload: hex("01 03"), test: .polling) == .polling(failures: 3))
        #expect(try DiagnoseResult(payload: hex("01 01"), test: .cardPresence)
            == .cardPresence(PN532Status(rawValue: 0x01)))
        #expect(try DiagnoseResult(payload: hex("01 00"), test: .antenna) == .antenna(result: 0))
    }

    @Test func passedFollowsEachTestsMeaning() {
        #expect(DiagnoseResult.rom(result: 0x00).passed == true)
        #expect(DiagnoseResult.ram(result: 0xFF).passed == false)
        #expect(DiagnoseResult.polling(failures: 0).passed == true)
        #expect(DiagnoseResult.polling(failures: 2).passed == false)
        #expect(DiagnoseResult.cardPresence(.success).passed == true)
        #expect(DiagnoseResult.cardPresence(PN532Status(rawValue: 0x01)).passed == false)
        #expect(DiagnoseResult.antenna(result: 0x40).passed == false)
    }

    @Test func singleByteResultWithExtraBytesIsInconsistent() {
        #expect(throws: ReplyError.self) {
            try DiagnoseResult(payload: hex("01 00 00"), test: .rom)
        }
    }

    @Test func echoBackTestHasNoReply() {
        #expect(throws: ReplyError(command: .diagnose, payload: hex("01"),
                                   reason: .unexpectedValue(field: "test number", value: 5))) {
            try DiagnoseResult(payload: hex("01"), test: .echoBack)
        }
    }
}
