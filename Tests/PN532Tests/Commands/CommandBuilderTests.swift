import TestSupport
import Testing
@testable import PN532

@Suite("Command builders: the payload bytes of every builder")
struct CommandBuilderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var command: Command
        var payload: String
        var testDescription: String { "\(command.code.name) \(payload)" }
    }

    static let cases: [Case] = [
        Case(command: .diagnose(test: .communicationLine, data: Array("libnfc".utf8)),
             payload: "00 00 6C 69 62 6E 66 63"),
        Case(command: .diagnose(test: .rom), payload: "00 01"),
        Case(command: .diagnose(test: .ram), payload: "00 02"),
        Case(command: .diagnose(test: .polling, data: [0x01]), payload: "00 04 01"),
        Case(command: .diagnose(test: .echoBack, data: hex("10 00 00")), payload: "00 05 10 00 00"),
        Case(command: .diagnose(test: .cardPresence), payload: "00 06"),
        Case(command: .diagnose(test: .antenna, data: [0x2A]), payload: "00 07 2A"),
        Case(command: .getFirmwareVersion, payload: "02"),
        Case(command: .getGeneralStatus, payload: "04"),
        Case(command: .readRegisters([0x6302, 0x6303]), payload: "06 63 02 63 03"),
        Case(command: .writeRegisters([(0x6302, 0x80), (0x6303, 0x00)]), payload: "08 63 02 80 63 03 00"),
        Case(command: .setSerialBaudRate(.bps921600), payload: "10 07"),
        Case(command: .setSerialBaudRate(.bps9600), payload: "10 00"),
        Case(command: .setParameters([.automaticRATS, .automaticATRResponse]), payload: "12 14"),
        Case(command: .setParameters([]), payload: "12 00"),
        Case(command: .samConfiguration(), payload: "14 01"),
        Case(command: .samConfiguration(mode: .normal, timeout: 0x14, useIRQ: true),
             payload: "14 01 14 01"),
        Case(command: .samConfiguration(mode: .virtualCard, timeout: 0x14), payload: "14 02 14"),
        Case(command: .samConfiguration(mode: .normal, useIRQ: false), payload: "14 01 00 00"),
        Case(command: .powerDown(wakeUpEnable: [.i2c, .gpio, .spi, .hsu]), payload: "16 F0"),
        Case(command: .powerDown(wakeUpEnable: [.hsu, .int0], generateIRQ: true), payload: "16 11 01"),
        Case(command: .powerDown(wakeUpEnable: [.rfLevelDetector, .int1], generateIRQ: false),
             payload: "16 0A 00"),
        Case(command: .rfConfiguration(.field(on: true)), payload: "32 01 01"),
        Case(command: .rfConfiguration(.field(on: false, autoRFCA: true)), payload: "32 01 02"),
        Case(command: .rfConfiguration(.timings(atrResponse: .defaultATRResponse,
                                                communication: .defaultCommunication)),
             payload: "32 02 00 0B 0A"),
        Case(command: .rfConfiguration(.maxRetryCOM(3)), payload: "32 04 03"),
        Case(command: .rfConfiguration(.maxRetries(atr: 0xFF, psl: 0x01, passiveActivation: 0xFF)),
             payload: "32 05 FF 01 FF"),
        Case(command: .inListPassiveTarget(), payload: "4A 01 00"),
        Case(command: .inListPassiveTarget(maxTargets: 2, baud: .typeA106,
                                           initiatorData: hex("04 C9 10 AA")),
             payload: "4A 02 00 04 C9 10 AA"),
        Case(command: .inListPassiveTarget(maxTargets: 1, baud: .typeB106, initiatorData: [0x00]),
             payload: "4A 01 03 00"),
        Case(command: .inDataExchange(target: 1, data: hex("30 04")), payload: "40 01 30 04"),
        Case(command: .inDataExchange(target: 1, data: hex("A2 05 01 02 03 04")),
             payload: "40 01 A2 05 01 02 03 04"),
        Case(command: .inDataExchange(target: 1, data: hex("AA"), moreInformation: true),
             payload: "40 41 AA"),
        Case(command: .inCommunicateThru(data: hex("1A 00")), payload: "42 1A 00"),
        Case(command: .inCommunicateThru(data: hex("60")), payload: "42 60"),
        Case(command: .inDeselect(target: 0), payload: "44 00"),
        Case(command: .inRelease(target: 0), payload: "52 00"),
        Case(command: .inSelect(target: 2), payload: "54 02"),
        Case(command: .inAutoPoll(pollCount: 0xFF, period: 0x02,
                                  types: [.mifare, .iso14443Part4TypeA, .genericPassive106]),
             payload: "60 FF 02 10 20 00"),
    ]

    @Test(arguments: cases)
    func builderGivesItsPayload(_ testCase: Case) {
        #expect(testCase.command.payload == hex(testCase.payload))
    }

    @Test func everyReaderCommandHasABuilder() {
        let built = Set(Self.cases.map(\.command.code))
        let reader: Set<CommandCode> = [
            .diagnose, .getFirmwareVersion, .getGeneralStatus, .readRegister, .writeRegister,
            .setSerialBaudRate, .setParameters, .samConfiguration, .powerDown, .rfConfiguration,
            .inDataExchange, .inCommunicateThru, .inDeselect, .inListPassiveTarget, .inRelease,
            .inSelect, .inAutoPoll,
        ]
        #expect(reader.isSubset(of: built))
    }
}
