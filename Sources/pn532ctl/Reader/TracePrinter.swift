import PN532

/// Prints trace events on standard error, timed from the first one.
final class TracePrinter {
    private var origin: LinkTime?

    /// Prints one event: `   12.345 ms TX 00 00 FF …  GetFirmwareVersion`.
    func print(_ event: TraceEvent) {
        let start = origin ?? event.time
        origin = start
        let milliseconds = (event.time - start).milliseconds
        let whole = Int(milliseconds)
        let fraction = String(Int((milliseconds - Double(whole)) * 1000))
        let time = String(whole) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
        let bytes = event.bytes.map { hexDigits($0) }.joined(separator: " ")
        StandardError.write(String(repeating: " ", count: max(0, 9 - time.count)) + time + " ms \(event.direction.rawValue) \(bytes)  \(event.summary)\n")
    }

    private func hexDigits(_ byte: UInt8) -> String {
        Hex.encode(CollectionOfOne(byte))
    }
}
