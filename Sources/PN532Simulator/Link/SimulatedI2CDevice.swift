import SystemPackage
import Basics
import NFCCore
import PN532

#if canImport(Glibc)
import Glibc
#endif

/// A PN532 on a simulated I2C bus, on a virtual clock (`SimulatorClock`): the device an
/// `I2CLink` talks to in tests, and `sim-i2c`'s bus.
///
/// It behaves as the chip does on I2C (UM0701 §6.3.2, pn532.md): every read starts with the
/// status byte (bit 0 = ready); a frame is readable once the chip's timing model has produced
/// it, and the ACK and the response are separate frames, each behind its own status byte; a
/// read too short for the frame leaves it for the next one. While the chip sleeps (and has
/// sent its last frame, PowerDown's reply) it does not acknowledge its address (ENXIO); seeing
/// its address wakes it after `wakeUpTime` (the real chip stretches the clock meanwhile, which
/// is modelled as NAKs). Every transaction takes its
/// bus time at `clockRate` (9 bits a byte, address included). Faults: bursts of failed
/// transactions and a wedged bus that only `reset()` (RSTPD_N) clears.
public final class SimulatedI2CDevice: I2CDevice {
    /// One bus transaction, for tests of the link's timing.
    public struct Transaction: Sendable {
        /// Write or read.
        public enum Kind: Sendable, Equatable {
            /// A write of these bytes.
            case write([UInt8])
            /// A read of this many bytes.
            case read(Int)
        }

        /// What the host did.
        public var kind: Kind
        /// When it started and ended.
        public var start, end: MonotonicTime
        /// The errno it failed with, 0 when it succeeded.
        public var errno: Int32
    }

    /// The simulated chip.
    public let chip: SimulatedPN532
    public let bus: String
    public let address: UInt8
    public private(set) var now: MonotonicTime
    /// How the device's clock moves.
    public let clock: SimulatorClock
    /// An IRQ line is wired: `waitForInterrupt(until:)` ends when the chip has a frame.
    public var hasInterruptLine: Bool
    /// The SCL rate in Hz (the Raspberry Pi's default is 100 kHz).
    public var clockRate = 100_000
    /// From the address seen by a sleeping chip to the chip answering it.
    public var wakeUpTime: Duration = .milliseconds(1)
    /// How long the kernel waits on a held bus before failing with ETIMEDOUT.
    public var busTimeout: Duration = .seconds(1)
    /// True while the bus is held low: every transaction fails until `reset()`.
    public private(set) var isWedged = false
    /// Every transaction so far, oldest first.
    public private(set) var transactions: [Transaction] = []

    private var pendingFailures: [Int32] = []
    private var wakesAt: MonotonicTime?
    private var scanner = FrameScanner()
    /// Frames the chip has produced and the host has not read yet.
    private var frames: [[UInt8]] = []

    /// A device at `address` on `bus` with `chip` behind it, starting at the chip's time (on
    /// the `.realTime` clock, at the monotonic clock's time when that is later).
    public init(
        chip: SimulatedPN532, bus: String = "sim-i2c", address: UInt8 = 0x24, hasInterruptLine: Bool = false, clock: SimulatorClock = .virtual
    ) {
        self.chip = chip
        self.bus = bus
        self.address = address
        self.hasInterruptLine = hasInterruptLine
        self.clock = clock
        now = clock == .realTime ? max(chip.clock, .monotonicNow()) : chip.clock
    }

    public func write(_ bytes: [UInt8]) throws(I2CTransferError) {
        try begin(.write(bytes), length: bytes.count)
        chip.receive(bytes, at: now)
    }

    public func read(count: Int) throws(I2CTransferError) -> [UInt8] {
        try begin(.read(count), length: count)
        guard let frame = frames.first else { return [UInt8](repeating: 0, count: count) }
        if count - 1 >= frame.count { frames.removeFirst() }
        let data = Array(frame.prefix(count - 1))
        return [0x01] + data + [UInt8](repeating: 0, count: max(0, count - 1 - data.count))
    }

    public func sleep(until time: MonotonicTime) {
        move(to: time)
    }

    public func waitForInterrupt(until deadline: MonotonicTime) {
        guard hasInterruptLine else { return sleep(until: deadline) }
        collectFrames()
        guard frames.isEmpty else { return }
        move(to: min(deadline, chip.nextActivity ?? deadline))
    }

    /// Fault: the next `count` transactions fail with `errno` (ENXIO: a NAK burst).
    public func failNextTransactions(_ count: Int, errno: Int32 = ENXIO) {
        pendingFailures += [Int32](repeating: errno, count: count)
    }

    /// Fault: something holds the bus; every transaction fails with ETIMEDOUT until `reset()`.
    public func wedge() {
        isWedged = true
    }

    /// Pulses RSTPD_N: the chip restarts (asleep) and lets go of the bus.
    public func reset() {
        isWedged = false
        wakesAt = nil
        frames.removeAll()
        scanner.reset()
        chip.reset(at: now)
    }

    /// Starts a transaction of `length` data bytes: it fails as the faults and the chip's
    /// state say, else takes its bus time.
    private func begin(_ kind: Transaction.Kind, length: Int) throws(I2CTransferError) {
        let start = now
        collectFrames()
        var failure: Int32 = 0
        if let wake = wakesAt, now >= wake {
            wakesAt = nil
            chip.wakeOnAddress(at: now)
        }
        if isWedged {
            failure = ETIMEDOUT
            move(to: now + busTimeout)
        } else if !pendingFailures.isEmpty {
            failure = pendingFailures.removeFirst()
            move(to: now + byteTime(1))
        } else if chip.isAsleep, frames.isEmpty, chip.outputs.isEmpty {
            failure = ENXIO
            if wakesAt == nil { wakesAt = now + wakeUpTime }
            move(to: now + byteTime(1))
        } else {
            move(to: now + byteTime(1 + length))
        }
        transactions.append(Transaction(kind: kind, start: start, end: now, errno: failure))
        if failure != 0 { throw I2CTransferError(errno: Errno(rawValue: failure)) }
    }

    /// Moves the clock on to `time`; on the `.realTime` clock once the monotonic clock has got
    /// there, asleep meanwhile (a signal cuts the sleep short: the link then sees it).
    private func move(to time: MonotonicTime) {
        if clock == .realTime { LinkInterruption.sleep(until: time) }
        now = max(now, time)
    }

    /// Moves what the chip has sent by now into whole frames.
    private func collectFrames() {
        scanner.append(chip.output(until: now))
        while let result = scanner.next() {
            switch result {
            case .frame(let frame): frames.append((try? frame.encoded()) ?? [])
            case .corrupt(let corrupt): frames.append(corrupt.bytes)
            }
        }
    }

    private func byteTime(_ count: Int) -> Duration {
        .nanoseconds(Int64(count) * 9 * 1_000_000_000 / Int64(max(1, clockRate)))
    }
}

extension SimulatedPN532 {
    /// On I2C the chip wakes when it sees its address (PowerDown wake-up source I2C).
    func wakeOnAddress(at time: MonotonicTime) {
        advance(to: time)
        guard isAsleep, !isStalled else { return }
        isAsleep = false
        scanner.reset()
    }
}
