import Basics
import NFCCore
import PN532

/// Prints trace events on standard error, timed from the first one.
final class TracePrinter {
    private var origin: MonotonicTime?

    /// Prints one event: `   12.345 ms TX 00 00 FF …  GetFirmwareVersion`.
    func print(_ event: TraceEvent) {
        let start = origin ?? event.time
        origin = start
        StandardError.write(Self.line(elapsed: event.time - start, label: event.direction.rawValue, bytes: event.bytes, summary: event.summary))
    }

    /// One trace line, shared by the driver's `--trace` and `pn532ctl sim --trace`:
    /// milliseconds since the first event (right-aligned, 3 decimals), a label, the bytes in
    /// hex and what they are.
    static func line(elapsed: Duration, label: String, bytes: [UInt8], summary: String) -> String {
        let milliseconds = elapsed.milliseconds
        let whole = Int(milliseconds)
        let fraction = String(Int((milliseconds - Double(whole)) * 1000))
        let time = String(whole) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
        let hex = bytes.isEmpty ? "" : hexText(bytes) + "  "
        return String(repeating: " ", count: max(0, 9 - time.count)) + time + " ms \(label) \(hex)\(summary)\n"
    }
}
