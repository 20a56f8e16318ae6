import Basics
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `door run`'s operational log: one line per event on standard error, with a level. Under
/// systemd (`JOURNAL_STREAM` set) a line starts with the syslog priority (`<5>`) that journald
/// turns into the entry's level; elsewhere with the wall-clock time and the level's name.
public final class OperationalLog {
    /// Syslog severities, most severe first.
    public enum Level: Int, Comparable, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The level's name (`warning`).
        public var name: String {
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
    public let threshold: Level
    /// True when journald reads the lines.
    public let forJournal: Bool
    private let output: (String) -> Void
    private let clock: () -> String

    /// A log keeping lines up to `threshold`, stamped with `clock`'s wall-clock time (UTC
    /// text; the one wall clock unless told); the format follows `JOURNAL_STREAM`. Lines go to
    /// `output` (standard error unless told).
    public init(
        threshold: Level, clock: @escaping () -> String = { AuditTime.now().iso8601 }, forJournal: Bool = getenv("JOURNAL_STREAM") != nil,
        output: @escaping (String) -> Void = { try? FileDescriptor.standardError.writeEverything(Array($0.utf8)) }
    ) {
        self.threshold = threshold
        self.clock = clock
        self.forJournal = forJournal
        self.output = output
    }

    /// Writes one line (a message's own newlines become spaces: one event, one line), stamped
    /// with `time` (when the event happened; now when nil).
    public func write(_ level: Level, _ message: String, stamp time: String? = nil) {
        guard level <= threshold else { return }
        let text = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        output(forJournal ? "<\(level.rawValue)>\(text)\n" : "\(time ?? clock()) \(level.name): \(text)\n")
    }
}
