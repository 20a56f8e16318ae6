import SystemPackage
import Basics
import Glibc
import NFCCore
import PN532Simulator
import Testing
@testable import PN532

/// `SPILink` against the simulated spidev bus: bit order, the wake-up hold, the ACK and the
/// response each behind their own status polls, split reads, the short preamble, the IRQ line,
/// spidev's buffer and the errors of a chip that never becomes ready.
struct SPILinkTests {
    static let getFirmwareVersion: [UInt8] = [0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2A, 0x00]
    static let acknowledgement: [UInt8] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]
    static let firmwareResponse: [UInt8] = [0x00, 0x00, 0xFF, 0x06, 0xFA, 0xD5, 0x03, 0x32, 0x01, 0x06, 0x07, 0xE8, 0x00]

    @Test(arguments: [SimulatedSPIDevice.Controller.bcm2835, .leastSignificantBitCapable])
    func aSessionStartsWhicheverBitOrderTheControllerHas(controller: SimulatedSPIDevice.Controller) throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532(), controller: controller)
        let link = SPILink(device: device)
        #expect(link.reversesBits == (controller == .bcm2835))
        #expect(device.leastSignificantBitFirst == (controller == .leastSignificantBitCapable))
        let session = PN532Session(link: link)
        #expect(try session.start().ic == 0x32)
        #expect(session.statistics.resends == 0)
        #expect(session.statistics.nacks == 0)
    }

    @Test func theWakeUpPreambleBecomesChipSelectHeldLow() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532())
        let link = SPILink(device: device)
        let before = device.now
        try link.write(PN532Session.wakeUpPreamble)
        #expect(!device.chip.isAsleep)
        #expect(device.now - before >= .milliseconds(2))
        #expect(device.frameLog.map(\.mosi) == [[0x00]])
    }

    @Test func theAckAndTheResponseAreReadSeparatelyTheResponseInTwoReads() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532())
        let link = SPILink(device: device)
        try link.write(PN532Session.wakeUpPreamble)
        try link.write(Self.getFirmwareVersion)
        #expect(try link.read(until: link.now + .milliseconds(50)) == Self.acknowledgement)
        #expect(try link.read(until: link.now + .milliseconds(50)) == Self.firmwareResponse)
        let reads = device.frameLog.filter { $0.mosi.first == 0x03 }.map(\.mosi.count)
        // The ACK alone (03 + 6), the response's header (03 + 5), then its rest (8, the first
        // in the 03 slot).
        #expect(reads == [7, 6, 8])
        let writes = device.frameLog.filter { $0.mosi.first == 0x01 }.map(\.mosi)
        #expect(writes == [[0x01] + Self.getFirmwareVersion])
    }

    @Test func theShortPreambleIsTolerated() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532())
        device.shortPreamble = true
        let session = PN532Session(link: SPILink(device: device))
        #expect(try session.start().ic == 0x32)
        #expect(session.statistics.nacks == 0)
        #expect(try session.firmwareVersion().version == 1)
    }

    @Test func aHostThatForgetsBitReversalNeverSeesReady() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532())
        var settings = SPILinkSettings()
        settings.reversesBits = false
        let session = PN532Session(link: SPILink(device: device, settings: settings))
        let error = try #require(throws: PN532Error.self) { try session.start() }
        guard case .noAcknowledgement = error.kind else { Issue.record("\(error)"); return }
        #expect(error.description.contains("the status byte stayed 00"))
        #expect(error.description.contains("ch1 OFF, ch2 ON"))
        #expect(error.description.contains("dtparam=spi=on"))
        #expect(!device.frameLog.contains { $0.miso.contains(0x01) })
    }

    @Test func aChipThatStaysPoweredDownIsReportedAsMISOHigh() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532())
        device.wakeUpHold = .milliseconds(50)
        let session = PN532Session(link: SPILink(device: device))
        let error = try #require(throws: PN532Error.self) { try session.start() }
        #expect(error.description.contains("no ACK from the PN532 on spi:sim-spi"))
        #expect(error.description.contains("the status byte stayed FF: MISO is high"))
        #expect(error.description.contains("SEL0 OFF, SEL1 ON"))
    }

    @Test func aStalledChipTimesOutAtTheDeadlineWithTheClearError() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532())
        let session = PN532Session(link: SPILink(device: device))
        _ = try session.start()
        device.chip.stall()
        let start = device.now
        let error = try #require(throws: PN532Error.self) { try session.firmwareVersion() }
        guard case .noAcknowledgement(let attempts) = error.kind else { Issue.record("\(error)"); return }
        #expect(attempts == 3)
        #expect(device.now - start >= session.settings.acknowledgementWindow * 3)
        #expect(device.now - start < .seconds(1))
        #expect(error.description.contains("the status byte stayed 00"))
    }

    @Test func theIRQLineReplacesStatusPolling() throws {
        func statusReads(interrupt: Bool) throws -> Int {
            let device = SimulatedSPIDevice(chip: SimulatedPN532(), hasInterruptLine: interrupt)
            let session = PN532Session(link: SPILink(device: device))
            _ = try session.start()
            let before = device.messageCount
            device.chip.schedule(.present(SimulatedTag(product: .ntag213)), at: device.now + .milliseconds(800))
            #expect(try session.listPassiveTargets(maxTargets: 1).count == 1)
            return device.messageCount - before
        }
        let polled = try statusReads(interrupt: false)
        let waited = try statusReads(interrupt: true)
        // 800 ms of polls (every millisecond for 20 ms, then every 10 ms), against one status
        // read per acknowledgement window.
        #expect(polled > 80)
        #expect(waited * 2 < polled)
    }

    @Test func pollsAreFrequentRightAfterAWriteAndSparseWhileTheChipWaits() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532())
        let session = PN532Session(link: SPILink(device: device))
        _ = try session.start()
        device.chip.schedule(.present(SimulatedTag(product: .ntag213)), at: device.now + .seconds(1))
        let start = device.now
        let before = device.messageCount
        try session.begin(.inListPassiveTarget())
        let acknowledged = device.messageCount
        _ = try session.response(within: .seconds(2))
        #expect(device.now - start >= .seconds(1))
        // The ACK within a few 1 ms polls; then about 20 polls in the first 20 ms and one every
        // 10 ms for the rest of the second.
        #expect(acknowledged - before < 10)
        #expect((100..<160).contains(device.messageCount - acknowledged))
    }

    @Test func aFrameLargerThanSpidevsBufferIsRefusedBeforeAnythingIsSent() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532())
        var settings = SPILinkSettings()
        settings.bufferSize = 8
        let link = SPILink(device: device, settings: settings)
        let error = try #require(throws: LinkError.self) { try link.write(Self.getFirmwareVersion) }
        #expect(error.kind == .unsupported)
        #expect(error.errno == .messageTooLong)
        #expect(device.messageCount == 0)
    }
}

/// A MISO line that always reads `01`: every status byte says "ready", every frame is garbage.
final class StuckReadyDevice: SPIDevice {
    let path = "stuck"
    let speed = 1_000_000
    private(set) var now = MonotonicTime(nanoseconds: 0)
    let hasInterruptLine = false

    func setLeastSignificantBitFirst(_ on: Bool) throws(SPITransferError) {}

    func transfer(_ message: [SPITransfer]) throws(SPITransferError) -> [[UInt8]] {
        now = now + .microseconds(100)
        return message.map { [UInt8](repeating: 0x01, count: $0.receiveCount) }
    }

    func sleep(until time: MonotonicTime) {
        now = max(now, time)
    }

    func waitForInterrupt(until deadline: MonotonicTime) {
        sleep(until: deadline)
    }
}

struct SPILinkDeadlineTests {
    @Test func aChipAlwaysReadyWithGarbageCannotHoldTheSessionPastItsDeadline() throws {
        let device = StuckReadyDevice()
        let session = PN532Session(link: SPILink(device: device))
        let error = try #require(throws: PN532Error.self) { try session.run(.getFirmwareVersion, timeout: .milliseconds(100)) }
        #expect(error.kind == .noAcknowledgement(attempts: 3))
        #expect(device.now < .init(nanoseconds: 0) + .milliseconds(200))
    }
}
