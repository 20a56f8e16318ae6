import SystemPackage
import Basics
import Glibc
import NFCCore
import PN532
import PN532Simulator
import Testing

/// The simulated spidev bus on its own, driven by raw messages: the PN532's SPI behaviour as
/// pn532-spi.md §5 lists it. Bytes are written as the chip reads them (LSB first) on a
/// controller that shifts LSB first, and as literal wire bytes on the bcm2835 profile.
struct SimulatedSPIDeviceTests {
    static let getFirmwareVersion: [UInt8] = [0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2A, 0x00]
    static let acknowledgement: [UInt8] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]
    static let firmwareResponse: [UInt8] = [0x00, 0x00, 0xFF, 0x06, 0xFA, 0xD5, 0x03, 0x32, 0x01, 0x06, 0x07, 0xE8, 0x00]

    /// A device on an LSB-capable controller, LSB first, its chip woken by a 2 ms hold.
    static func awake() throws -> SimulatedSPIDevice {
        let device = SimulatedSPIDevice(chip: SimulatedPN532(), controller: .leastSignificantBitCapable)
        try device.setLeastSignificantBitFirst(true)
        _ = try device.transfer([SPITransfer(transmit: [0x00], delay: .milliseconds(2))])
        #expect(!device.chip.isAsleep)
        return device
    }

    static func status(_ device: SimulatedSPIDevice) throws -> UInt8 {
        try device.transfer([SPITransfer(transmit: [0x02]), SPITransfer(receiveCount: 1)])[1][0]
    }

    /// One DR of `count` bytes after the `03`, the byte during the `03` first.
    static func read(_ device: SimulatedSPIDevice, _ count: Int) throws -> [UInt8] {
        try device.transfer([SPITransfer(transmit: [0x03], receiveCount: 1 + count)])[0]
    }

    static func write(_ device: SimulatedSPIDevice, _ frame: [UInt8]) throws {
        _ = try device.transfer([SPITransfer(transmit: [0x01] + frame)])
    }

    /// Polls SR every millisecond until ready, up to `limit`.
    static func awaitReady(_ device: SimulatedSPIDevice, limit: Duration = .milliseconds(100)) throws -> Bool {
        let deadline = device.now + limit
        while device.now < deadline {
            if try status(device) == 0x01 { return true }
            device.sleep(until: device.now + .milliseconds(1))
        }
        return false
    }

    @Test func theBCM2835ProfileRefusesLSBFirstAndAHostThatForgetsToReverseNeverSeesReady() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532())
        #expect(throws: SPITransferError(errno: .invalidArgument)) { try device.setLeastSignificantBitFirst(true) }
        #expect(!device.leastSignificantBitFirst)
        // Wake-up, then GetFirmwareVersion with every byte reversed by hand: 01 is 80 on the wire.
        _ = try device.transfer([SPITransfer(transmit: [0x00], delay: .milliseconds(2))])
        _ = try device.transfer([SPITransfer(transmit: [0x80, 0x00, 0x00, 0xFF, 0x40, 0x7F, 0x2B, 0x40, 0x54, 0x00])])
        device.sleep(until: device.now + .milliseconds(5))
        // SR sent as 02 unreversed: the chip sees 40, no operation, and clocks 00.
        #expect(try device.transfer([SPITransfer(transmit: [0x02]), SPITransfer(receiveCount: 1)])[1] == [0x00])
        // SR reversed (40 on the wire): ready, 01 arriving as 80.
        #expect(try device.transfer([SPITransfer(transmit: [0x40]), SPITransfer(receiveCount: 1)])[1] == [0x80])
        // DR reversed (C0): the 03-slot 01 (80), then the ACK reversed.
        #expect(try device.transfer([SPITransfer(transmit: [0xC0], receiveCount: 7)])[0] == [0x80, 0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00])
    }

    @Test func aPoweredDownChipReadsFFUntilChipSelectIsHeldLowForTwoMilliseconds() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532(), controller: .leastSignificantBitCapable)
        try device.setLeastSignificantBitFirst(true)
        #expect(try Self.status(device) == 0xFF)
        try Self.write(device, Self.getFirmwareVersion)
        #expect(device.chip.isAsleep)
        _ = try device.transfer([SPITransfer(transmit: [0x00], delay: .milliseconds(1))])
        #expect(device.chip.isAsleep)
        _ = try device.transfer([SPITransfer(transmit: [0x00], delay: .milliseconds(2))])
        #expect(!device.chip.isAsleep)
        #expect(try Self.status(device) == 0x00)
    }

    @Test func theAckIsItsOwnFrameAndStatusDropsUntilTheResponse() throws {
        let device = try Self.awake()
        try Self.write(device, Self.getFirmwareVersion)
        #expect(try Self.status(device) == 0x00)
        #expect(try Self.awaitReady(device))
        #expect(try Self.read(device, 6) == [0x01] + Self.acknowledgement)
        #expect(try Self.status(device) == 0x00)
        #expect(try Self.awaitReady(device))
        #expect(try Self.read(device, 13) == [0x01] + Self.firmwareResponse)
        #expect(try Self.status(device) == 0x00)
    }

    @Test func aSplitReadContinuesWithTheNextUnreadByteInTheDataReadSlot() throws {
        let device = try Self.awake()
        try Self.write(device, Self.getFirmwareVersion)
        #expect(try Self.awaitReady(device))
        _ = try Self.read(device, 6)
        #expect(try Self.awaitReady(device))
        #expect(try Self.read(device, 5) == [0x01, 0x00, 0x00, 0xFF, 0x06, 0xFA])
        // The next DR's 03 slot is the TFI.
        #expect(try Self.read(device, 3) == [0xD5, 0x03, 0x32, 0x01])
        // The rest pending: status stays ready; after that SR the slot is 01 again.
        #expect(try Self.status(device) == 0x01)
        #expect(try Self.read(device, 4) == [0x01, 0x06, 0x07, 0xE8, 0x00])
        #expect(try Self.status(device) == 0x00)
    }

    @Test func aLibnfcStyleChunkShowsThePendingByteWithoutConsumingIt() throws {
        let device = try Self.awake()
        try Self.write(device, Self.getFirmwareVersion)
        #expect(try Self.awaitReady(device))
        _ = try Self.read(device, 6)
        #expect(try Self.awaitReady(device))
        _ = try Self.read(device, 5)
        // {rx 1} with zeros out: no operation, shows D5 and leaves it.
        #expect(try device.transfer([SPITransfer(receiveCount: 1)])[0] == [0xD5])
        // {tx 03}{rx 7}: the 03 slot takes D5, then the 7 bytes after it.
        let chunk = try device.transfer([SPITransfer(transmit: [0x03]), SPITransfer(receiveCount: 7)])
        #expect(chunk[1] == [0x03, 0x32, 0x01, 0x06, 0x07, 0xE8, 0x00])
    }

    @Test func bytesPastTheEndAreFillerAndNeverTheNextFrame() throws {
        let device = try Self.awake()
        try Self.write(device, Self.getFirmwareVersion)
        #expect(try Self.awaitReady(device))
        // Let the response be computed too, then over-read the ACK (Adafruit's fixed sizes).
        device.sleep(until: device.now + .milliseconds(20))
        #expect(try Self.read(device, 12) == [0x01] + Self.acknowledgement + [UInt8](repeating: 0, count: 6))
        #expect(try Self.status(device) == 0x01)
        #expect(try Self.read(device, 20) == [0x01] + Self.firmwareResponse + [UInt8](repeating: 0, count: 7))
    }

    @Test func aFrameWithoutItsPostambleIsAcknowledged() throws {
        let device = try Self.awake()
        try Self.write(device, Array(Self.getFirmwareVersion.dropLast()))
        #expect(try Self.awaitReady(device))
        #expect(try Self.read(device, 6) == [0x01] + Self.acknowledgement)
    }

    @Test func anAckFrameAbortsTheRunningCommand() throws {
        let device = try Self.awake()
        // InListPassiveTarget, one target at 106 kbps type A; no tag in the field: it waits.
        try Self.write(device, [0x00, 0x00, 0xFF, 0x04, 0xFC, 0xD4, 0x4A, 0x01, 0x00, 0xE1, 0x00])
        #expect(try Self.awaitReady(device))
        #expect(try Self.read(device, 6) == [0x01] + Self.acknowledgement)
        try Self.write(device, Self.acknowledgement)
        device.chip.change(.present(SimulatedTag(product: .ntag213)), at: device.now)
        #expect(try !Self.awaitReady(device, limit: .milliseconds(200)))
    }

    @Test func statusPairsInsideOneLongChipSelectFrameShowTheCurrentStatus() throws {
        let device = try Self.awake()
        try Self.write(device, Self.getFirmwareVersion)
        // CircuitPython keeps chip select low across its poll loop: cs_change on the last
        // transfer keeps the CS frame open into the next message.
        var seen: [UInt8] = []
        for _ in 0..<20 {
            seen += try device.transfer([SPITransfer(transmit: [0x02, 0x00], receiveCount: 2, changesChipSelect: true)])[0]
            device.sleep(until: device.now + .milliseconds(1))
        }
        _ = try device.transfer([SPITransfer(transmit: [0x00])])
        let statuses = seen.dropFirst().enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        #expect(statuses.first == 0x00)
        #expect(statuses.contains(0x01))
        #expect(device.frameLog.last?.mosi.count == 41)
    }

    @Test func changingChipSelectMidMessageStartsANewCSFrame() throws {
        let device = try Self.awake()
        try Self.write(device, Self.getFirmwareVersion)
        device.sleep(until: device.now + .milliseconds(5))
        // SR, chip select released, then DR: two CS frames in one message.
        let received = try device.transfer([
            SPITransfer(transmit: [0x02], receiveCount: 2, changesChipSelect: true), SPITransfer(transmit: [0x03], receiveCount: 7),
        ])
        #expect(received[0].last == 0x01)
        #expect(received[1] == [0x01] + Self.acknowledgement)
        #expect(device.frameLog.suffix(2).map(\.mosi.count) == [2, 7])
    }

    @Test func withoutAHoldRuleTheFirstCSFrameWakesTheChipAndIsLost() throws {
        let device = SimulatedSPIDevice(chip: SimulatedPN532(), controller: .leastSignificantBitCapable)
        try device.setLeastSignificantBitFirst(true)
        device.wakeUpHold = nil
        try Self.write(device, Self.getFirmwareVersion)
        #expect(!device.chip.isAsleep)
        #expect(try !Self.awaitReady(device, limit: .milliseconds(20)))
        try Self.write(device, Self.getFirmwareVersion)
        #expect(try Self.awaitReady(device))
    }

    @Test func spidevLimitsAndReturnValue() throws {
        let device = try Self.awake()
        #expect(throws: SPITransferError(errno: .messageTooLong)) { try device.transfer([SPITransfer(receiveCount: 4097)]) }
        #expect(throws: SPITransferError(errno: .messageTooLong)) {
            // 2050 each, rounded up to 2056 as the kernel aligns each transfer: 4112 each way.
            try device.transfer([SPITransfer(transmit: [0x03], receiveCount: 2050), SPITransfer(transmit: [0x00], receiveCount: 2050)])
        }
        #expect(throws: SPITransferError(errno: .invalidArgument)) { try device.transfer([]) }
        let (returned, received) = try device.ioctlMessage([SPITransfer(transmit: [0x02]), SPITransfer(receiveCount: 1), SPITransfer(transmit: [0x00, 0x00, 0x00])])
        #expect(returned == 5)
        #expect(received.map(\.count) == [0, 1, 0])
        #expect(try device.transfer([SPITransfer(receiveCount: 4096)])[0].count == 4096)
    }

    @Test func theShortPreambleMode() throws {
        let device = try Self.awake()
        device.shortPreamble = true
        try Self.write(device, Self.getFirmwareVersion)
        #expect(try Self.awaitReady(device))
        #expect(try Self.read(device, 6) == [0x01] + Self.acknowledgement)
        #expect(try Self.awaitReady(device))
        #expect(try Self.read(device, 12) == [0x01] + Self.firmwareResponse.dropFirst())
    }

    @Test func powerDownWithoutSPIWakeUpIsNotWokenByChipSelect() throws {
        let device = try Self.awake()
        // PowerDown, wake-up on HSU only (bit 4): 00 00 FF 03 FD D4 16 10 06 00.
        try Self.write(device, [0x00, 0x00, 0xFF, 0x03, 0xFD, 0xD4, 0x16, 0x10, 0x06, 0x00])
        #expect(try Self.awaitReady(device))
        _ = try Self.read(device, 6)
        #expect(try Self.awaitReady(device))
        #expect(try Self.read(device, 10) == [0x01, 0x00, 0x00, 0xFF, 0x03, 0xFD, 0xD5, 0x17, 0x00, 0x14, 0x00])
        #expect(device.chip.isAsleep)
        #expect(try Self.status(device) == 0xFF)
        _ = try device.transfer([SPITransfer(transmit: [0x00], delay: .milliseconds(5))])
        #expect(device.chip.isAsleep)
    }
}
