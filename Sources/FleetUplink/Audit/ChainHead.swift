import Basics

/// The audit chain's head as the uplink publishes it, retained, on `pn532ctl/<d>/audit/head`:
/// the newest line the uplink has read, its rotation sequence number and its SHA-256 (the link
/// the next line will carry), and when the uplink read it. A copy off the box anchors the log:
/// a log later rewritten up to that line no longer reaches the same hash.
///
/// Payload: `{"line":N,"seq":S,"hash":"<64 hex digits>","at":"<ISO 8601 UTC>"}`.
public struct ChainHead: Equatable, Sendable {
    /// The newest line read.
    public var cursor: AuditCursor
    /// When the uplink read it.
    public var at: AuditTime

    /// A head.
    public init(_ cursor: AuditCursor, at: AuditTime) {
        self.cursor = cursor
        self.at = at
    }

    /// The retained message's payload.
    public var payload: [UInt8] {
        Array("{\"line\":\(cursor.line),\"seq\":\(cursor.sequence),\"hash\":\"\(Hex.encode(cursor.digest))\",\"at\":\"\(at.iso8601)\"}".utf8)
    }

    /// The payload of an audit event on `pn532ctl/<d>/audit`: the line exactly as stored,
    /// without its newline, never re-encoded (its MAC and chain link cover these bytes).
    public static func eventPayload(_ line: AuditFollower.Line) -> [UInt8] {
        line.bytes
    }
}

/// When the chain head is published: when the head moved, and at most once every `interval`,
/// so a burst of lines gives one retained message.
public struct ChainHeadSchedule {
    /// The least time between two publications.
    public let interval: Duration

    private var latest: AuditCursor?
    private var published: AuditCursor?
    private var lastPublication: ContinuousClock.Instant?

    /// A schedule.
    public init(interval: Duration) {
        self.interval = interval
    }

    /// Records `line` as the newest line read.
    public mutating func read(_ line: AuditFollower.Line) {
        latest = AuditCursor(line)
    }

    /// The head to publish at `now` (its time `wallClock`), when one is due; it counts as
    /// published.
    public mutating func due(at now: ContinuousClock.Instant, wallClock: AuditTime) -> ChainHead? {
        guard let latest, latest != published else { return nil }
        if let lastPublication, now - lastPublication < interval { return nil }
        published = latest
        lastPublication = now
        return ChainHead(latest, at: wallClock)
    }
}
