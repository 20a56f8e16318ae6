import PN532

/// Number formatting for the tables (no Foundation).
enum Format {
    /// `value` with `digits` (at least 1) decimals, e.g. `12.35`.
    static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "—" }
        var scale = 1
        for _ in 0..<max(1, digits) { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + "\(scaled / scale)." + String(repeating: "0", count: String(scale).count - 1 - fraction.count) + fraction
    }

    /// A duration in milliseconds with `digits` decimals.
    static func milliseconds(_ duration: Duration, digits: Int = 3) -> String {
        fixed(Double(duration.nanoseconds) / 1_000_000, digits: digits)
    }

    /// A markdown table row.
    static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }
}
