import Testing
@testable import PN532

@Suite("Command codes: values, names, response codes")
struct CommandCodeTests {
    @Test func readerCommandsHaveTheirManualCodes() {
        let expected: [(CommandCode, UInt8)] = [
            (.diagnose, 0x00), (.getFirmwareVersion, 0x02), (.getGeneralStatus, 0x04),
            (.readRegister, 0x06), (.writeRegister, 0x08), (.setSerialBaudRate, 0x10),
            (.setParameters, 0x12), (.samConfiguration, 0x14), (.powerDown, 0x16),
            (.rfConfiguration, 0x32), (.inDataExchange, 0x40), (.inCommunicateThru, 0x42),
            (.inDeselect, 0x44), (.inListPassiveTarget, 0x4A), (.inRelease, 0x52),
            (.inSelect, 0x54), (.inAutoPoll, 0x60), (.inJumpForDEP, 0x56), (.inATR, 0x50),
        ]
        for (code, value) in expected {
            #expect(code.rawValue == value, "\(code.name)")
        }
    }

    @Test(arguments: CommandCode.allCases)
    func responseCodeIsCodePlusOneAndLeadsBack(_ code: CommandCode) {
        #expect(code.responseCode == code.rawValue + 1)
        #expect(CommandCode(responseCode: code.responseCode) == code)
        #expect(CommandCode(rawValue: code.responseCode) == nil)
    }

    @Test func responseCodeZeroHasNoCommand() {
        #expect(CommandCode(responseCode: 0x00) == nil)
        #expect(CommandCode(responseCode: 0x7F) == nil)
    }

    @Test func namesAreTheManualsAndDistinct() {
        #expect(CommandCode.inListPassiveTarget.name == "InListPassiveTarget")
        #expect(CommandCode.samConfiguration.name == "SAMConfiguration")
        #expect(CommandCode.rfConfiguration.name == "RFConfiguration")
        #expect(CommandCode.inJumpForDEP.name == "InJumpForDEP")
        #expect(Set(CommandCode.allCases.map(\.name)).count == CommandCode.allCases.count)
        #expect(CommandCode.inListPassiveTarget.description == "InListPassiveTarget (0x4A)")
    }
}
