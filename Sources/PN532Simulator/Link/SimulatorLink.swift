import Basics
import NFCCore
import PN532

/// An in-process link to a `SimulatedPN532` on a virtual clock.
///
/// Time moves only when the host waits: `read(until:)` jumps to the chip's next output or to
/// the deadline. A test of a 10-second scenario runs in milliseconds, and the same inputs give
/// the same timeline every time. On the `.realTime` clock the same jumps wait for the
/// monotonic clock to get there, asleep, as a host waits for a real chip. Bytes take their
/// UART time at the host's rate; when the host and the chip are at different rates the bytes
/// arrive garbled, as on a real wire. A new link starts at the chip's time, as a new process
/// opening a chip that an earlier one used (on the `.realTime` clock, at the monotonic clock's
/// time when that is later).
public final class SimulatorLink: ByteLink {
    /// The simulated chip.
    public let chip: SimulatedPN532
    /// Faults on bytes from the host to the chip.
    public var hostToChipFaults: ByteFaults
    /// Faults on bytes from the chip to the host.
    public var chipToHostFaults: ByteFaults
    public let name: String
    /// How the link's clock moves.
    public let clock: SimulatorClock
    /// The simulator models the chip's serial port (HSU).
    public var kind: LinkKind { .uart }
    public private(set) var now = MonotonicTime(nanoseconds: 0)
    public private(set) var bitsPerSecond: Int? = 115_200
    private var transmitterBusyUntil = MonotonicTime(nanoseconds: 0)
    /// Bytes the host wrote that reach the chip later (the UART's transmit time), in order.
    private var inFlight: [(time: MonotonicTime, bytes: [UInt8])] = []

    /// Creates a link to `chip` whose time moves as `clock` says.
    public init(
        chip: SimulatedPN532, name: String = "sim", clock: SimulatorClock = .virtual, hostToChipFaults: ByteFaults = .none,
        chipToHostFaults: ByteFaults = .none
    ) {
        self.chip = chip
        self.name = name
        self.clock = clock
        self.hostToChipFaults = hostToChipFaults
        self.chipToHostFaults = chipToHostFaults
        now = clock == .realTime ? max(chip.clock, .monotonicNow()) : chip.clock
    }

    public func write(_ bytes: [UInt8]) throws(LinkError) {
        let start = max(now, transmitterBusyUntil)
        transmitterBusyUntil = start + .uart(bytes: bytes.count, bitsPerSecond: bitsPerSecond ?? 115_200)
        inFlight.append((transmitterBusyUntil, bytes))
    }

    public func read(until deadline: MonotonicTime) throws(LinkError) -> [UInt8] {
        while true {
            try LinkInterruption.check(device: name, operation: "read")
            let arrival = inFlight.first?.time
            let activity = chip.nextActivity
            let next = [arrival, activity].compactMap { $0 }.filter { $0 <= deadline }.min()
            guard let next else {
                try move(to: deadline, operation: "read")
                return []
            }
            try move(to: next, operation: "read")
            deliverArrivedInput()
            let (bytes, faults) = chipToHostFaults.applyReporting(garbledIfRatesDiffer(chip.output(until: now)))
            for fault in faults { chip.record(at: now, .fault("chip to host: " + fault)) }
            if !bytes.isEmpty { return bytes }
        }
    }

    public func discardInput() throws(LinkError) {
        deliverArrivedInput()
        _ = chip.output(until: now)
    }

    public func setBitsPerSecond(_ rate: Int) throws(LinkError) {
        try move(to: transmitterBusyUntil, operation: "drain output")
        deliverArrivedInput()
        bitsPerSecond = rate
    }

    /// Lets virtual time pass, delivering what the host wrote and applying the field changes due
    /// by then (scenarios between commands). On the `.realTime` clock, sleeps until then.
    public func advance(by duration: Duration) {
        if clock == .realTime { LinkInterruption.sleep(until: now + duration) }
        now = now + duration
        deliverArrivedInput()
        chip.advance(to: now)
    }

    /// Moves the clock on to `time`; on the `.realTime` clock once the monotonic clock has got
    /// there, asleep meanwhile (a signal ends the wait with `.interrupted`).
    private func move(to time: MonotonicTime, operation: String) throws(LinkError) {
        if clock == .realTime, time > now {
            LinkInterruption.sleep(until: time)
            try LinkInterruption.check(device: name, operation: operation)
        }
        now = max(now, time)
    }

    private func deliverArrivedInput() {
        while let first = inFlight.first, first.time <= now {
            inFlight.removeFirst()
            let (bytes, faults) = hostToChipFaults.applyReporting(garbledIfRatesDiffer(first.bytes))
            for fault in faults { chip.record(at: first.time, .fault("host to chip: " + fault)) }
            chip.receive(bytes, at: first.time)
        }
    }

    /// A receiver at the wrong rate sees other bytes than were sent.
    private func garbledIfRatesDiffer(_ bytes: [UInt8]) -> [UInt8] {
        guard let rate = bitsPerSecond, rate != chip.bitsPerSecond else { return bytes }
        return garbledByRateMismatch(bytes)
    }
}
