import TestSupport
import Testing
@testable import PN532

@Suite("Replies that are only a status, or nothing")
struct StatusAndEmptyReplyTests {
    @Test(arguments: [CommandCode.inDeselect, .inRelease, .inSelect, .powerDown])
    func statusReplyReadsTheStatus(_ command: CommandCode) throws {
        let reply = try StatusReply(payload: [command.responseCode, 0x27], command: command)
        #expect(reply.status.errorCode == .commandNotAcceptable)
        #expect(reply.payload == [command.responseCode, 0x27])
    }

    @Test(arguments: [CommandCode.samConfiguration, .rfConfiguration, .setParameters,
                      .setSerialBaudRate, .writeRegister])
    func emptyReplyIsTheResponseCodeAlone(_ command: CommandCode) throws {
        let reply = try EmptyReply(payload: [command.responseCode], command: command)
        #expect(reply.payload == [command.responseCode])
        #expect(throws: ReplyError(command: command, payload: [command.responseCode, 0x00],
                                   reason: .inconsistentLength(expected: 1))) {
            try EmptyReply(payload: [command.responseCode, 0x00], command: command)
        }
    }

    @Test func capturedRFConfigurationReply() throws {
        #expect(try EmptyReply(payload: hex("33"), command: .rfConfiguration).command == .rfConfiguration)
    }

    @Test func emptyPayloadIsTooShort() {
        #expect(throws: ReplyError(command: .samConfiguration, payload: [],
                                   reason: .tooShort(field: "response code", needed: 1, available: 0))) {
            try EmptyReply(payload: [], command: .samConfiguration)
        }
    }

    @Test func errorDescriptionShowsCommandReasonAndBytes() {
        let error = ReplyError(command: .inRelease, payload: hex("53"),
                               reason: .tooShort(field: "status", needed: 1, available: 0))
        #expect(error.description
            == "malformed InRelease reply (ends inside the status: 1 bytes needed, 0 left): 53")
    }
}
