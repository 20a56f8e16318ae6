import PN532
import PN532Simulator
import Testing

/// The chip's own commands: firmware, status, registers, Diagnose, RFConfiguration, PowerDown.
struct SimulatedPN532CommandsTests {
    @Test func getFirmwareVersionReportsAPN532Version16() throws {
        let host = try FrameHost.awake()
        #expect(try host.response(to: [0x02]) == [0x03, 0x32, 0x01, 0x06, 0x07])
    }

    @Test func registersReadTheirResetValuesAndKeepWrites() throws {
        let host = try FrameHost.awake()
        #expect(try host.response(to: [0x06, 0x63, 0x02, 0x63, 0x03]) == [0x07, 0x80, 0x80])
        #expect(try host.response(to: [0x08, 0x63, 0x02, 0x00, 0x63, 0x03, 0x01]) == [0x09])
        #expect(try host.response(to: [0x06, 0x63, 0x03, 0x63, 0x02]) == [0x07, 0x01, 0x00])
    }

    @Test func diagnoseEchoesTheCommunicationLineTest() throws {
        let host = try FrameHost.awake()
        let data = Array("libnfc".utf8)
        #expect(try host.response(to: [0x00, 0x00] + data) == [0x01, 0x00] + data)
    }

    @Test(arguments: [(UInt8(0x01), UInt8(0x00)), (0x02, 0x00), (0x04, 0x80), (0x06, 0x01), (0x07, 0x00)])
    func diagnoseTestsWithoutATarget(test: UInt8, result: UInt8) throws {
        let host = try FrameHost.awake()
        #expect(try host.response(to: [0x00, test]) == [0x01, result])
    }

    @Test func getGeneralStatusListsTheActiveTargets() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .ntag213)])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        let status = try GeneralStatus(payload: try #require(try host.response(to: [0x04])))
        #expect(status.targets.map(\.number) == [1])
        #expect(status.lastError == .success)
    }

    @Test func switchingTheFieldOffReleasesTheTargets() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .ntag213)])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        #expect(try host.response(to: [0x32, 0x01, 0x00]) == [0x33])
        #expect(host.chip.field[0].state == .idle)
        #expect(try host.response(to: [0x40, 0x01, 0x30, 0x04]) == [0x41, 0x27])
    }

    @Test func maxRetriesZeroMakesAnEmptyPollReturnAtOnce() throws {
        let host = try FrameHost.awake()
        #expect(try host.response(to: [0x32, 0x05, 0xFF, 0x01, 0x00]) == [0x33])
        let sent = host.link.now
        #expect(try host.response(to: [0x4A, 0x01, 0x00]) == [0x4B, 0x00])
        #expect(host.lastArrival - sent < .milliseconds(10))
    }

    @Test func powerDownAnswersThenSleepsUntilTheNextWakeUp() throws {
        let host = try FrameHost.awake()
        #expect(try host.response(to: [0x16, 0x10]) == [0x17, 0x00])
        #expect(host.chip.isAsleep)
        #expect(try host.exchange([0x02]) == [])
        try host.link.write(FrameHost.wakeUpPreamble)
        #expect(try host.response(to: [0x14, 0x01]) == [0x15])
    }
}
