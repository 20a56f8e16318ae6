import SystemPackage
import Basics
import Glibc
import NFCCore
import PN532Simulator
import Testing
@testable import PN532

/// `I2CLink` against the simulated I2C bus: status polling, the bus-free gap, write retries,
/// wake-up on the address, the IRQ line, a wedged bus, and deadlines.
struct I2CLinkTests {
    let chip = SimulatedPN532()
    let device: SimulatedI2CDevice
    let link: I2CLink

    init() {
        device = SimulatedI2CDevice(chip: chip)
        link = I2CLink(device: device)
    }

    static let samConfiguration: [UInt8] = [0x00, 0x00, 0xFF, 0x03, 0xFD, 0xD4, 0x14, 0x01, 0x17, 0x00]
    static let acknowledgement: [UInt8] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]
    static let getFirmwareVersion: [UInt8] = [0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2A, 0x00]

    /// True when every transaction started at least `gap` after the previous one ended.
    func busFreeGapsKept(_ gap: Duration = .milliseconds(5)) -> Bool {
        zip(device.transactions, device.transactions.dropFirst()).allSatisfy { $1.start >= $0.end + gap }
    }

    @Test func theWakeUpPreambleIsNotSentAndTheAddressWakesTheChip() throws {
        try link.write(PN532Session.wakeUpPreamble)
        #expect(device.transactions.isEmpty)
        try link.write(Self.samConfiguration)
        #expect(device.transactions.map(\.errno) == [ENXIO, 0])
        #expect(!chip.isAsleep)
        #expect(busFreeGapsKept())
    }

    /// On HSU a command to a sleeping chip is lost; on I2C its address wakes the chip and the
    /// retried write gets through.
    @Test func aCommandAfterPowerDownWakesTheChipThroughItsAddress() throws {
        let session = PN532Session(link: link)
        _ = try session.start()
        #expect(try session.run(.powerDown(wakeUpEnable: .i2c)) == [0x17, 0x00])
        #expect(chip.isAsleep)
        let before = device.transactions.count
        #expect(try session.firmwareVersion().ic == 0x32)
        #expect(device.transactions.dropFirst(before).first?.errno == ENXIO)
        #expect(session.statistics.resends == 0)
    }

    @Test func theAckAndTheResponseAreReadSeparatelyBehindStatusPolls() throws {
        try link.write(Self.samConfiguration)
        #expect(try link.read(until: link.now + .milliseconds(50)) == Self.acknowledgement)
        #expect(try link.read(until: link.now + .milliseconds(50)) == [0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD5, 0x15, 0x16, 0x00])
        let reads = device.transactions.compactMap { if case .read(let count) = $0.kind { count } else { nil } }
        #expect(reads.filter { $0 == 1 }.count >= 2)
        #expect(reads.filter { $0 > 1 } == [1 + 8, 1 + 275])
        #expect(busFreeGapsKept())
    }

    @Test func aWholeSessionKeepsTheBusFreeGapBetweenEveryTransaction() throws {
        let session = PN532Session(link: link)
        #expect(try session.start().ic == 0x32)
        #expect(device.transactions.count > 6)
        #expect(busFreeGapsKept())
    }

    @Test func aShorterBusFreeTimeLetsThePollIntervalGovern() throws {
        _ = try PN532Session(link: link).start()
        let earlier = device.transactions.count
        link.settings.busFreeTime = .microseconds(100)
        try link.write(Self.getFirmwareVersion)
        _ = try link.read(until: link.now + .milliseconds(50))
        _ = try link.read(until: link.now + .milliseconds(50))
        #expect(busFreeGapsKept(.microseconds(100)))
        let polls = device.transactions.dropFirst(earlier).filter { $0.kind == .read(1) }
        #expect(polls.count >= 2)
        #expect(zip(polls, polls.dropFirst()).allSatisfy { $1.start >= $0.end + .milliseconds(1) })
    }

    @Test func aNotAcknowledgedWriteIsRetried() throws {
        try link.write(Self.samConfiguration)
        _ = try link.read(until: link.now + .milliseconds(50))
        _ = try link.read(until: link.now + .milliseconds(50))
        device.failNextTransactions(2, errno: ENXIO)
        device.failNextTransactions(2, errno: EREMOTEIO)
        try link.write(Self.getFirmwareVersion)
        #expect(device.transactions.suffix(5).map(\.errno) == [ENXIO, ENXIO, EREMOTEIO, EREMOTEIO, 0])
        #expect(try link.read(until: link.now + .milliseconds(50)) == Self.acknowledgement)
    }

    @Test func aWriteNeverAcknowledgedFailsNamingBusAddressAndCause() throws {
        device.failNextTransactions(link.settings.writeAttempts)
        let error = #expect(throws: LinkError.self) { try link.write(Self.samConfiguration) }
        #expect(error?.errno == Errno(rawValue: ENXIO))
        #expect(error?.device == "i2c:sim-i2c:0x24")
        #expect(device.transactions.count == link.settings.writeAttempts)
        let message = PN532Error(.link(try #require(error)), command: .samConfiguration, device: link.name).description
        #expect(message.contains("i2c:sim-i2c:0x24"))
        #expect(message.contains("wrong address"))
    }

    @Test func aWedgedBusFailsAtOnceUntilTheChipIsReset() throws {
        let session = PN532Session(link: link)
        _ = try session.start()
        device.wedge()
        let before = link.now
        let error = #expect(throws: PN532Error.self) { try session.firmwareVersion() }
        guard case .link(let linkError) = error?.kind else {
            Issue.record("expected a link error, got \(String(describing: error))")
            return
        }
        #expect(linkError.errno == Errno(rawValue: ETIMEDOUT))
        #expect(link.now - before <= device.busTimeout + .milliseconds(6))
        let message = try #require(error).description
        #expect(message.contains("i2c:sim-i2c:0x24"))
        #expect(message.contains("RSTPD_N"))
        #expect(message.contains("i2c_arm_baudrate"))
        device.reset()
        #expect(try session.start().ic == 0x32)
    }

    @Test func aStalledChipLeavesEveryReadAtItsDeadline() throws {
        let session = PN532Session(link: link)
        _ = try session.start()
        chip.stall()
        for wait in [Duration.zero, .microseconds(300), .milliseconds(3), .milliseconds(40)] {
            let deadline = link.now + wait
            #expect(try link.read(until: deadline) == [])
            #expect(link.now >= deadline)
            #expect(link.now - deadline < .milliseconds(1))
        }
        let error = #expect(throws: PN532Error.self) { try session.firmwareVersion() }
        #expect(error?.kind == .noAcknowledgement(attempts: session.settings.sendAttempts))
        #expect(try #require(error).description.contains("I2C mode"))
    }

    @Test func anInterruptLineReplacesMostStatusPolls() throws {
        func polls(interrupt: Bool) throws -> Int {
            let device = SimulatedI2CDevice(chip: SimulatedPN532(), hasInterruptLine: interrupt)
            let session = PN532Session(link: I2CLink(device: device))
            _ = try session.start()
            let before = device.transactions.count
            device.chip.schedule(.present(SimulatedTag(product: .ntag213)), at: device.now + .milliseconds(200))
            #expect(try session.listPassiveTargets(maxTargets: 1).count == 1)
            #expect(zip(device.transactions, device.transactions.dropFirst()).allSatisfy { $1.start >= $0.end + .milliseconds(5) })
            return device.transactions.dropFirst(before).filter { $0.kind == .read(1) }.count
        }
        #expect(try polls(interrupt: true) < polls(interrupt: false))
    }

    @Test(arguments: [
        ([0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00, 0x00, 0x00], 6),
        ([0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD5, 0x15, 0x16, 0x00, 0x00, 0x00], 9),
        ([0x00, 0x00, 0xFF, 0x01, 0xFF, 0x7F, 0x81, 0x00, 0x00], 8),
        ([0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x02, 0xFE, 0xD5, 0x15, 0x16, 0x00, 0x00, 0x00], 12),
        ([0x00, 0x00, 0xFF, 0x09, 0xF7, 0xD5], 6),
        ([0x12, 0x34], 2),
    ] as [([UInt8], Int)])
    func theFrameIsCutFromThePaddingAfterIt(_ entry: ([UInt8], Int)) {
        #expect(I2CLink.frame(in: entry.0[...]) == Array(entry.0.prefix(entry.1)))
    }
}
