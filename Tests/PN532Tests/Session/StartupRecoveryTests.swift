import Basics
import NFCCore
import Testing
import Type2
@testable import PN532
@testable import PN532Simulator

/// Start-up owns the chip's state: whatever another host or a crashed process left (CRC or
/// parity off, another rate, PowerDown, the field on, a target selected, a command pending, a
/// half frame on the line), the next session's start puts it right, with the round trips it
/// takes counted, and an NTAG215 then reads as one.
struct StartupRecoveryTests {
    /// Round trips of a start on a chip in its expected state: SAMConfiguration,
    /// GetFirmwareVersion, ReadRegister, SetParameters, RFConfiguration 02 and 04.
    static let normalRoundTrips = 6

    /// A chip with an NTAG215 that an earlier session started and then left as `leave` says.
    static func chipLeft(by leave: (SimulatedReader) throws -> Void) throws -> SimulatedPN532 {
        let earlier = try SimulatedReader.started(tags: [SimulatedTag(product: .ntag215)])
        try leave(earlier)
        return earlier.chip
    }

    /// Starts a new session on `chip`, as the next process would, and checks that the tag then
    /// identifies as the NTAG215 it is.
    static func startAndIdentify(_ chip: SimulatedPN532) throws -> SimulatedReader {
        let reader = SimulatedReader(chip: chip)
        #expect(try reader.session.startRecoveringRate() == simulatedFirmware)
        #expect(try identificationRoundTrips(reader) == identificationRoundTrips(try SimulatedReader.started(tags: [SimulatedTag(product: .ntag215)])))
        return reader
    }

    /// Identifies the tag in `reader`'s field as an NTAG215 and returns the round trips it took.
    static func identificationRoundTrips(_ reader: SimulatedReader) throws -> Int {
        let before = reader.session.statistics.commands
        let tag = try Type2Tag.identify(try reader.selectFirstTarget())
        #expect(tag.product == .ntag215)
        return reader.session.statistics.commands - before
    }

    static func writeRegisters(_ writes: [(address: UInt16, value: UInt8)]) -> (SimulatedReader) throws -> Void {
        { (reader: SimulatedReader) throws -> Void in
            let reply = try reader.session.run(.writeRegisters(writes))
            #expect(reply == [0x09])
        }
    }

    @Test func aChipInItsExpectedStateCostsSixRoundTripsAndNoFinding() throws {
        let reader = try Self.startAndIdentify(try Self.chipLeft { _ in })
        #expect(reader.session.findings.isEmpty)
        #expect(reader.session.statistics.resends == 0)
    }

    @Test func aFreshChipStartsInSixRoundTrips() throws {
        let reader = SimulatedReader()
        try reader.session.start()
        #expect(reader.session.statistics.commands == Self.normalRoundTrips)
        #expect(reader.session.findings.isEmpty)
    }

    @Test func receiveCRCOffAsAPythonStackLeavesItIsRestoredInOneMoreRoundTrip() throws {
        // The reproduction: `raw 08630280630300`, TxMode 80, RxMode 00.
        let chip = try Self.chipLeft(by: Self.writeRegisters([(0x6302, 0x80), (0x6303, 0x00)]))
        let reader = SimulatedReader(chip: chip)
        try reader.session.start()
        #expect(reader.session.statistics.commands == Self.normalRoundTrips + 1)
        #expect(reader.session.findings == [.register(.receiveCRC)])
        _ = try Self.startAndIdentify(chip)
    }

    /// Register values another host leaves, and the fields start-up then finds off.
    struct LeftRegisters: Sendable, CustomTestStringConvertible {
        var writes: [UInt16: UInt8]
        var off: [OwnedRegister]
        var testDescription: String { off.map(\.problem).joined(separator: ", ") }
    }

    static let leftRegisters: [LeftRegisters] = [
        LeftRegisters(writes: [0x6302: 0x00], off: [.transmitCRC]),
        LeftRegisters(writes: [0x6302: 0x00, 0x6303: 0x00], off: [.transmitCRC, .receiveCRC]),
        LeftRegisters(writes: [0x630D: 0x10], off: [.parity]),
        LeftRegisters(writes: [0x6338: 0x08], off: [.crypto1]),
        LeftRegisters(writes: [0x633D: 0x07], off: [.bitFraming]),
        LeftRegisters(writes: [0x6302: 0x00, 0x6303: 0x00, 0x630D: 0x10], off: [.transmitCRC, .receiveCRC, .parity]),
    ]

    @Test(arguments: leftRegisters)
    func registersLeftOffAreRestoredInOneWriteRegister(left: LeftRegisters) throws {
        let writes = left.writes.sorted { $0.key < $1.key }.map { (address: $0.key, value: $0.value) }
        let chip = try Self.chipLeft(by: Self.writeRegisters(writes))
        let reader = SimulatedReader(chip: chip)
        try reader.session.start()
        #expect(reader.session.statistics.commands == Self.normalRoundTrips + 1)
        #expect(reader.session.findings == left.off.map { .register($0) })
        let identified = try Self.startAndIdentify(chip)
        #expect(identified.session.findings.isEmpty)
    }

    @Test func theFieldLeftOnWithATargetSelectedIsReleasedAndSwitchedOff() throws {
        let chip = try Self.chipLeft { earlier in _ = try earlier.selectFirstTarget() }
        #expect(chip.fieldOn)
        let reader = SimulatedReader(chip: chip)
        try reader.session.start()
        #expect(reader.session.statistics.commands == Self.normalRoundTrips + 2)
        #expect(reader.session.findings == [.fieldOn])
        #expect(!chip.fieldOn)
        #expect(chip.field[0].state == .idle)
        _ = try Self.startAndIdentify(chip)
    }

    @Test func aChipLeftAt921600IsBroughtBackInOneMoreRoundTrip() throws {
        let chip = try Self.chipLeft { earlier in try earlier.session.changeBaudRate(to: .bps921600) }
        let reader = SimulatedReader(chip: chip)
        #expect(try reader.session.startRecoveringRate() == simulatedFirmware)
        // Start at 921600 (6) and SetSerialBaudRate back to 115200 (1); the failed tries at
        // 115200 are resends, not round trips.
        #expect(reader.session.statistics.commands == Self.normalRoundTrips + 1)
        #expect(reader.session.findings == [.rate(921_600)])
        #expect(chip.bitsPerSecond == 115_200)
        _ = try Self.startAndIdentify(chip)
    }

    @Test func aChipInPowerDownIsWokenWithoutExtraRoundTrips() throws {
        let chip = try Self.chipLeft { earlier in _ = try earlier.session.run(.powerDown(wakeUpEnable: .hsu)) }
        #expect(chip.isAsleep)
        let reader = SimulatedReader(chip: chip)
        try reader.session.start()
        #expect(reader.session.statistics.commands == Self.normalRoundTrips)
        #expect(reader.session.statistics.resends == 0)
        _ = try Self.startAndIdentify(chip)
    }

    @Test func aPendingCommandIsAbandonedByTheNextStart() throws {
        let chip = try Self.chipLeft { earlier in
            earlier.chip.schedule(.remove(uid: nil), at: earlier.link.now)
            try earlier.session.setPassiveActivationRetries(0xFF)
            try earlier.session.begin(.inListPassiveTarget(maxTargets: 1))
        }
        chip.schedule(.present(SimulatedTag(product: .ntag215)), at: chip.clock + .seconds(10))
        let reader = SimulatedReader(chip: chip)
        try reader.session.start()
        // The poll switched the field on: released and off again.
        #expect(reader.session.statistics.commands == Self.normalRoundTrips + 2)
        #expect(reader.session.findings == [.fieldOn])
        reader.link.advance(by: .seconds(11))
        _ = try Self.startAndIdentify(chip)
    }

    @Test(arguments: [
        [0x00, 0x00, 0xFF, 0x05, 0xFB, 0xD4, 0x4A] as [UInt8],
        [0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0xFF, 0xD4, 0x40, 0x01],
        [0x00, 0x00, 0xFF],
    ])
    func aHalfFrameOnTheLineDoesNotStopTheNextStart(half: [UInt8]) throws {
        let chip = try Self.chipLeft { earlier in
            try earlier.link.write(half)
            earlier.link.advance(by: .milliseconds(5))
        }
        let reader = SimulatedReader(chip: chip)
        #expect(try reader.session.startRecoveringRate() == simulatedFirmware)
        #expect(reader.session.statistics.commands == Self.normalRoundTrips)
        _ = try Self.startAndIdentify(chip)
    }

    @Test func aRawRegisterWriteInTheSessionIsUndoneBeforeTheNextTagCommand() throws {
        let reader = try SimulatedReader.started(tags: [SimulatedTag(product: .ntag215)])
        let exchange = try reader.selectFirstTarget()
        _ = try reader.session.run(.writeRegisters([(0x6302, 0x00), (0x6303, 0x00)]))
        #expect(!reader.session.settingsOwned)
        let before = reader.session.statistics.commands
        #expect(try exchange.exchange([0x60]) == [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x11, 0x03])
        // ReadRegister, WriteRegister, the three unread settings, then GET_VERSION.
        #expect(reader.session.statistics.commands - before == 6)
        let again = reader.session.statistics.commands
        _ = try exchange.exchange([0x60])
        #expect(reader.session.statistics.commands - again == 1)
    }
}
