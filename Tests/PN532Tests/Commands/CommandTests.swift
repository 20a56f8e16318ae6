import TestSupport
import Testing
@testable import PN532

@Suite("Command: payload, frame, parsing a payload back")
struct CommandTests {
    @Test func payloadIsCodeThenParameters() {
        let command = Command(code: .inDataExchange, parameters: hex("01 30 04"))
        #expect(command.payload == hex("40 01 30 04"))
        #expect(command.frame == .information(direction: .hostToChip, payload: hex("40 01 30 04")))
    }

    @Test func payloadParsesBackToTheCommand() {
        let command = Command.inListPassiveTarget(maxTargets: 2, baud: .typeA106)
        #expect(Command(payload: command.payload) == command)
        #expect(Command(payload: hex("02")) == .getFirmwareVersion)
    }

    @Test func emptyOrUnknownPayloadIsNoCommand() {
        #expect(Command(payload: []) == nil)
        #expect(Command(payload: hex("01 00")) == nil)
        #expect(Command(payload: hex("FF")) == nil)
    }

    @Test func descriptionNamesTheCommandAndItsParameters() {
        #expect(Command.inListPassiveTarget().description == "InListPassiveTarget 01 00")
        #expect(Command.getFirmwareVersion.description == "GetFirmwareVersion")
    }
}
