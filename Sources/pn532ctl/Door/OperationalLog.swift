import Basics
import DoorControl

#if canImport(Glibc)
import DoorRecords
import Glibc
#endif

/// `door run`'s operational log: one line per event on standard error, with a level. Under
/// systemd (`JOURNAL_STREAM` set) a line starts with the syslog priority (`<5>`) that journald
/// turns into the entry's level; elsewhere with the wall-clock time and the level's name.
final class OperationalLog {
    /// Syslog severities, most severe first.
    enum Level: Int, Comparable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7

        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        var name: String {
            switch self {
            case .error: "error"
            case .warning: "warning"
            case .notice: "notice"
            case .info: "info"
            case .debug: "debug"
            }
        }
    }

    /// Lines less severe than this are dropped.
    let threshold: Level
    /// True when journald reads the lines.
    let forJournal: Bool

    /// A log keeping lines up to `threshold`; the format follows `JOURNAL_STREAM`.
    init(threshold: Level, forJournal: Bool = getenv("JOURNAL_STREAM") != nil) {
        self.threshold = threshold
        self.forJournal = forJournal
    }

    /// Writes one line (a message's own newlines become spaces: one event, one line), stamped
    /// with `time`, when the event happened.
    func write(_ level: Level, _ message: String, at time: AuditTime = AuditTime.now()) {
        guard level <= threshold else { return }
        let text = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        StandardError.write(forJournal ? "<\(level.rawValue)>\(text)\n" : "\(time.iso8601) \(level.name): \(text)\n")
    }
}
