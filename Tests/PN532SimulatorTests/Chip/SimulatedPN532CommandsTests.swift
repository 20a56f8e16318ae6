import Basics
import NFCCore
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

/// What other host stacks set and read: RF items with UM0701's lengths, the CIU registers
/// with their reset values, the field in CIU_TxControl, MaxRtyCOM, and the flush that stands
/// for SetSerialBaudRate's closing ACK.
struct SimulatedPN532HostStateTests {
    @Test(arguments: [(UInt8(0x01), 1), (0x02, 3), (0x04, 1), (0x05, 3), (0x0A, 11), (0x0B, 8), (0x0C, 3), (0x0D, 9)])
    func rfConfigurationItemsTakeTheirDocumentedLengths(item: UInt8, length: Int) throws {
        let host = try FrameHost.awake()
        #expect(try host.exchange([0x32, item] + [UInt8](repeating: 0, count: length)) == [.ack, chipFrame([0x33])])
        #expect(try host.exchange([0x32, item] + [UInt8](repeating: 0, count: length + 1)) == [.ack, .error])
    }

    @Test func ciuRegistersReadTheirResetValues() throws {
        let host = try FrameHost.awake()
        // TxMode, RxMode, TxControl, ManualRCV, Status2, BitFraming.
        let read = try host.exchange([0x06, 0x63, 0x02, 0x63, 0x03, 0x63, 0x04, 0x63, 0x0D, 0x63, 0x38, 0x63, 0x3D])
        #expect(read == [.ack, chipFrame([0x07, 0x80, 0x80, 0x80, 0x00, 0x00, 0x00])])
    }

    @Test func ciuTxControlShowsTheField() throws {
        let host = try FrameHost.awake()
        _ = try host.exchange([0x32, 0x01, 0x01])
        #expect(try host.exchange([0x06, 0x63, 0x04]) == [.ack, chipFrame([0x07, 0x83])])
        _ = try host.exchange([0x08, 0x63, 0x04, 0x80])
        #expect(!host.chip.isFieldOn)
    }

    @Test func aSilentTagTakesTheTimeoutOncePerMaxRtyCOMRetry() throws {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .ultralight)])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        let once = try elapsedUntilAnswer(host, [0x42, 0x60])
        _ = try host.exchange([0x4A, 0x01, 0x00])
        _ = try host.exchange([0x32, 0x04, 0x03])
        let fourTimes = try elapsedUntilAnswer(host, [0x42, 0x60])
        #expect(fourTimes - once >= ChipTiming.rfTimeout(0x0A) * 3)
    }

    @Test func aFlushAfterTheBaudRateReplyStandsForTheClosingACK() throws {
        let host = try FrameHost.awake()
        #expect(try host.exchange([0x10, 0x07]) == [.ack, chipFrame([0x11])])
        host.chip.hostFlushedOutput(at: host.link.now)
        #expect(host.chip.bitsPerSecond == 921_600)
    }

    @Test func aFlushWithoutABaudRateChangeChangesNothing() throws {
        let host = try FrameHost.awake()
        host.chip.hostFlushedOutput(at: host.link.now)
        #expect(host.chip.bitsPerSecond == 115_200)
    }

    private func elapsedUntilAnswer(_ host: FrameHost, _ payload: [UInt8]) throws -> Duration {
        let start = host.link.now
        #expect(try host.exchange(payload, within: .seconds(1)).count == 2)
        return host.lastArrival - start
    }
}
