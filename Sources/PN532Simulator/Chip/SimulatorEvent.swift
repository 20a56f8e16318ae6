import Basics
import NFCCore
import PN532

/// Something the simulated chip, or the link in front of it, did: what `pn532ctl sim --trace`
/// prints.
public struct SimulatorEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// Activity on RX woke the sleeping chip; it listens from `ready` on.
        case wakeUp(ready: MonotonicTime)
        /// A byte that arrived while the chip was still waking, lost.
        case lostWhileWaking(UInt8)
        /// A whole frame from the host.
        case received(Frame)
        /// A frame from the host that was damaged.
        case receivedCorrupt(CorruptFrame)
        /// Bytes the chip sent, reaching the host at this event's time.
        case sent([UInt8])
        /// The chip's UART moved to this rate.
        case rate(Int)
        /// PowerDown: the chip sleeps until activity on a wake-up source.
        case powerDown
        /// A fault the simulator injected.
        case fault(String)
        /// The host flushed its output, closed or reopened the port (pty only).
        case host(String)
    }

    /// When, on the chip's clock.
    public var time: MonotonicTime
    /// What.
    public var kind: Kind

    /// An event.
    public init(time: MonotonicTime, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}

extension SimulatedPN532 {
    /// Passes an event to `trace`.
    package func record(at time: MonotonicTime, _ kind: SimulatorEvent.Kind) {
        trace?(SimulatorEvent(time: time, kind: kind))
    }
}
