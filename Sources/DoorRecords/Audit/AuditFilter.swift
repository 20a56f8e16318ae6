import Basics
/// Which audit entries `door log` shows.
public struct AuditFilter: Equatable, Sendable {
    /// Entries at or after this time.
    public var since: AuditTime?
    /// Entries about this user.
    public var user: String?
    /// Only denied decisions.
    public var deniedOnly: Bool

    /// A filter; by default everything passes.
    public init(since: AuditTime? = nil, user: String? = nil, deniedOnly: Bool = false) {
        self.since = since
        self.user = user
        self.deniedOnly = deniedOnly
    }

    /// True when `entry` is shown.
    public func matches(_ entry: AuditEntry) -> Bool {
        if let since, entry.time < since { return false }
        if let user, entry.user != user { return false }
        if deniedOnly, entry.granted != false { return false }
        return true
    }

    /// The start of a `--since` value: an ISO 8601 UTC date or time (`2026-11-22`,
    /// `2026-11-22T07:00`, `2026-11-22T07:00:00Z`) or a duration back from `now` (`90s`, `15m`,
    /// `2h`, `3d`, `1w`). Nil for anything else.
    public static func since(_ text: String, now: AuditTime) -> AuditTime? {
        if let time = AuditTime(iso8601: text) { return time }
        let digits = text.dropLast()
        guard let unit = text.last, let count = ASCIINumber.parse(digits, as: Int64.self) else { return nil }
        let seconds: Int64
        switch unit {
        case "s": seconds = 1
        case "m": seconds = 60
        case "h": seconds = 3600
        case "d": seconds = 86_400
        case "w": seconds = 604_800
        default: return nil
        }
        let (span, tooLong) = count.multipliedReportingOverflow(by: seconds)
        let (start, tooEarly) = now.epochSeconds.subtractingReportingOverflow(span)
        guard !tooLong, !tooEarly else { return nil }
        return AuditTime(epochSeconds: start, nanoseconds: now.nanoseconds)
    }
}
