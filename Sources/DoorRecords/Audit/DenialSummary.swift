import Basics

/// Keeps floods of unknown tags from pushing history out of the audit log: per rule and
/// reason, the first `burst` denials of tags no user matches within `window` seconds are
/// written in full, the others only counted, and one `summary` line per window says how many
/// there were. Reasons are grouped with what varies from tag to tag taken out (`groupingKey`:
/// UIDs, counters such as "(30 s left)"), so a flood of different tags is one group. On top,
/// the full lines of unknown tags take at most `bytesPerHour` bytes an hour; denials past that
/// are only counted, and the summary says how many the cap dropped. A summary is due when a
/// later entry arrives after its window, or at `flush`.
public struct DenialSummary: Sendable {
    /// Full lines per window and reason.
    public let burst: Int
    /// The window, in seconds.
    public let window: Int64
    /// Bytes of full lines of unknown tags written per hour at most.
    public let bytesPerHour: Int
    /// Reasons tracked at once; beyond them denials share one window.
    static let reasons = 16
    /// The default cap: 16 KiB an hour of full unknown-tag lines (about 55 lines).
    public static let defaultBytesPerHour = 16 * 1024

    private struct Window: Sendable {
        var rule: String?
        var reason: String
        var start: AuditTime
        var written = 0
        var counted = 0
        var capped = 0
        var last: AuditTime
    }

    private var windows: [String: Window] = [:]
    /// The hour of the byte cap: when it started and the bytes written in it.
    private var hour: (start: AuditTime, bytes: Int)?

    /// A summariser writing `burst` full lines per `window` seconds and reason, and at most
    /// `bytesPerHour` bytes of them an hour.
    public init(burst: Int = 3, window: Int64 = 60, bytesPerHour: Int = defaultBytesPerHour) {
        self.burst = max(1, burst)
        self.window = max(1, window)
        self.bytesPerHour = max(0, bytesPerHour)
    }

    /// Whether `entry` goes to the log in full, and the summaries due before it.
    public mutating func admit(_ entry: AuditEntry) -> (write: Bool, summaries: [AuditEntry]) {
        let summaries = due(at: entry.time)
        guard entry.event == .decision, entry.granted == false, entry.user == nil else { return (true, summaries) }
        let grouped = Self.groupingKey(entry.reason)
        let exact = "\(entry.rule ?? "")\u{0}\(grouped)"
        let key = windows[exact] != nil || windows.count < Self.reasons ? exact : "\u{0}other"
        var current = windows[key] ?? Window(rule: entry.rule, reason: key == exact ? grouped : "various reasons", start: entry.time, last: entry.time)
        current.last = entry.time
        var write = current.written < burst
        if write, !takeBytes(entry) {
            write = false
            current.capped += 1
        }
        if write { current.written += 1 } else { current.counted += 1 }
        windows[key] = current
        return (write, summaries)
    }

    /// Counts `entry`'s line against the hour's cap; false when it does not fit.
    private mutating func takeBytes(_ entry: AuditEntry) -> Bool {
        let size = entry.jsonLine.utf8.count
        if let current = hour, entry.time.epochSeconds - current.start.epochSeconds < 3600 {
            guard current.bytes + size <= bytesPerHour else { return false }
            hour = (current.start, current.bytes + size)
            return true
        }
        guard size <= bytesPerHour else { return false }
        hour = (entry.time, size)
        return true
    }

    /// `reason` with what varies between tags replaced by `#`: every run of hex digits that
    /// holds a decimal digit or is 8 long or more (UIDs, counts, seconds left).
    public static func groupingKey(_ reason: String) -> String {
        var out = ""
        var run = ""
        func endRun() {
            out += run.contains(where: \.isNumber) || run.count >= 8 ? "#" : run
            run = ""
        }
        for character in reason {
            if character.isHexDigit, character.isASCII {
                run.append(character)
            } else {
                endRun()
                out.append(character)
            }
        }
        endRun()
        return out
    }

    /// The summaries of windows ended by `time`, which are then forgotten.
    public mutating func due(at time: AuditTime) -> [AuditEntry] {
        let ended = windows.filter { time.epochSeconds - $0.value.start.epochSeconds >= window }
        for key in ended.keys { windows[key] = nil }
        return Self.lines(ended.values, at: time, cap: bytesPerHour)
    }

    /// Every pending summary (shutdown), windows forgotten.
    public mutating func flush(at time: AuditTime) -> [AuditEntry] {
        defer { windows.removeAll() }
        return Self.lines(windows.values, at: time, cap: bytesPerHour)
    }

    private static func lines(_ windows: some Sequence<Window>, at time: AuditTime, cap: Int) -> [AuditEntry] {
        windows.filter { $0.counted > 0 }.sorted { ($0.start, $0.reason) < ($1.start, $1.reason) }.map { window in
            let capped = window.capped > 0 ? "; \(window.capped) of them not written in full: over the cap of \(cap) bytes an hour of unknown-tag lines" : ""
            return AuditEntry(
                time: time, event: .summary, granted: false, rule: window.rule,
                reason: "\(window.counted) more denial\(window.counted == 1 ? "" : "s") of unknown tags (\(window.reason)) from \(window.start.iso8601) to \(window.last.iso8601)\(capped)")
        }
    }
}
