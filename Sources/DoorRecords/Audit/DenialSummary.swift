import Basics

/// Keeps floods of unknown tags from pushing history out of the audit log: per rule and
/// reason, the first `burst` denials of tags no user matches within `window` seconds are
/// written in full, the others only counted, and one `summary` line per window says how many
/// there were. A summary is due when a later entry arrives after its window, or at `flush`.
public struct DenialSummary: Sendable {
    /// Full lines per window and reason.
    public let burst: Int
    /// The window, in seconds.
    public let window: Int64
    /// Reasons tracked at once; beyond them denials share one window.
    static let reasons = 16

    private struct Window: Sendable {
        var rule: String?
        var reason: String
        var start: AuditTime
        var written = 0
        var counted = 0
        var last: AuditTime
    }

    private var windows: [String: Window] = [:]

    /// A summariser writing `burst` full lines per `window` seconds and reason.
    public init(burst: Int = 3, window: Int64 = 60) {
        self.burst = max(1, burst)
        self.window = max(1, window)
    }

    /// Whether `entry` goes to the log in full, and the summaries due before it.
    public mutating func admit(_ entry: AuditEntry) -> (write: Bool, summaries: [AuditEntry]) {
        let summaries = due(at: entry.time)
        guard entry.event == .decision, entry.granted == false, entry.user == nil else { return (true, summaries) }
        let exact = "\(entry.rule ?? "")\u{0}\(entry.reason)"
        let key = windows[exact] != nil || windows.count < Self.reasons ? exact : "\u{0}other"
        var current = windows[key] ?? Window(rule: entry.rule, reason: key == exact ? entry.reason : "various reasons", start: entry.time, last: entry.time)
        current.last = entry.time
        let write = current.written < burst
        if write { current.written += 1 } else { current.counted += 1 }
        windows[key] = current
        return (write, summaries)
    }

    /// The summaries of windows ended by `time`, which are then forgotten.
    public mutating func due(at time: AuditTime) -> [AuditEntry] {
        let ended = windows.filter { time.epochSeconds - $0.value.start.epochSeconds >= window }
        for key in ended.keys { windows[key] = nil }
        return Self.lines(ended.values, at: time)
    }

    /// Every pending summary (shutdown), windows forgotten.
    public mutating func flush(at time: AuditTime) -> [AuditEntry] {
        defer { windows.removeAll() }
        return Self.lines(windows.values, at: time)
    }

    private static func lines(_ windows: some Sequence<Window>, at time: AuditTime) -> [AuditEntry] {
        windows.filter { $0.counted > 0 }.sorted { ($0.start, $0.reason) < ($1.start, $1.reason) }.map { window in
            AuditEntry(
                time: time, event: .summary, granted: false, rule: window.rule,
                reason: "\(window.counted) more denial\(window.counted == 1 ? "" : "s") of unknown tags (\(window.reason)) from \(window.start.iso8601) to \(window.last.iso8601)")
        }
    }
}
