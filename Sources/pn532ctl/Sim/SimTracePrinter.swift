import Basics
import NFCCore
import PN532
import PN532Simulator
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl sim --trace`: the conversation as the simulated chip sees it, one line per
/// event, in the driver's trace format: frames both ways decoded with command names
/// (`H>C` from the host, `C>H` from the chip), wake-ups, rate changes, the host's flushes and
/// the faults the simulator injected.
final class SimTracePrinter {
    private let descriptor: Int32
    private var origin: MonotonicTime?

    /// Writes to `descriptor` (standard error or a file opened for the trace).
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Prints one event.
    func print(_ event: SimulatorEvent) {
        let start = origin ?? event.time
        origin = start
        let (label, bytes, summary) = Self.describe(event)
        let text = Array(TracePrinter.line(elapsed: event.time - start, label: label, bytes: bytes, summary: summary).utf8)
        try? FileDescriptor(rawValue: descriptor).writeEverything(text)
    }

    /// The label, bytes and words for an event.
    static func describe(_ event: SimulatorEvent) -> (String, [UInt8], String) {
        switch event.kind {
        case .wakeUp(let ready):
            return ("---", [], "wake-up on RX activity; bytes lost for \((ready - event.time).nanoseconds / 1000) µs")
        case .lostWhileWaking(let byte):
            return ("H>C", [byte], "lost: the chip is still waking")
        case .received(let frame):
            return ("H>C", (try? frame.encoded()) ?? [], frame.summary)
        case .receivedCorrupt(let corrupt):
            return ("H>C", corrupt.bytes, "corrupt: \(corrupt.reason)")
        case .sent(let bytes):
            return ("C>H", bytes, summary(ofSent: bytes))
        case .rate(let bitsPerSecond):
            return ("---", [], "UART now at \(bitsPerSecond) baud")
        case .powerDown:
            return ("---", [], "PowerDown: asleep until RX activity")
        case .fault(let text):
            return ("!!!", [], "fault injected: \(text)")
        case .host(let text):
            return ("---", [], "host \(text)")
        }
    }

    /// The chip sends whole frames; one that does not scan is shown as it is.
    private static func summary(ofSent bytes: [UInt8]) -> String {
        var scanner = FrameScanner()
        scanner.append(bytes)
        guard case .frame(let frame)? = scanner.next() else { return "bytes" }
        return frame.summary
    }
}
