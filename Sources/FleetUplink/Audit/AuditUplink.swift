import Basics

/// The uplink's audit side as its poll loop drives it: the follower from the saved cursor, the
/// QoS 1 window, the cursor's saves and the chain head, with no MQTT in it: the loop hands in a
/// publish function (an event payload → the PUBLISH's message id, nil when the client cannot
/// take one now) and the PUBACKs.
///
/// Each `poll` reads at most `Settings.batch` lines and publishes while the window has room;
/// lines read but not yet published wait here, in order. Delivery is at least once: see
/// `PublicationWindow`; a collector drops duplicates by `line` (and `seq`).
public final class AuditUplink {
    /// The limits and intervals.
    public struct Settings: Sendable {
        /// Lines read from the log at most per poll.
        public var batch = 100
        /// Lines in flight (published, not acknowledged) at most.
        public var window = 32
        /// The cursor is saved after this many lines acknowledged…
        public var saveEvery = 100
        /// …or this long after the last save, whichever comes first, and at stop.
        public var saveInterval = Duration.seconds(5)
        /// The chain head is published at most this often.
        public var headInterval = Duration.seconds(60)

        /// The defaults.
        public init() {}
    }

    /// Where the cursor is kept.
    public let cursorFile: AuditCursorFile
    /// The log's current file.
    public let logPath: String
    private let settings: Settings
    private var follower: AuditFollower
    /// The QoS 1 bookkeeping (its `cursor` is what the next save writes).
    public private(set) var window: PublicationWindow
    private var saves: CursorSavePolicy
    private var head: ChainHeadSchedule
    /// Lines read from the log and not yet published, oldest first.
    private var waiting: [AuditFollower.Line] = []
    private var waitingStart = 0

    /// The audit side of an uplink following the log at `logPath` from the cursor saved in
    /// `stateDirectory` (from the oldest line on disk when there is none).
    ///
    /// - Throws: `AuditCursorFileError` when the cursor file cannot be read or is not a cursor:
    ///   the uplink then publishes nothing rather than guess where it was.
    public init(logPath: String, stateDirectory: String, settings: Settings = Settings(), now: ContinuousClock.Instant) throws(AuditCursorFileError) {
        cursorFile = AuditCursorFile(directory: stateDirectory)
        let cursor = try cursorFile.load()
        self.logPath = logPath
        self.settings = settings
        follower = AuditFollower(path: logPath, after: cursor)
        window = PublicationWindow(capacity: settings.window, after: cursor)
        saves = CursorSavePolicy(acknowledgements: settings.saveEvery, interval: settings.saveInterval, start: now)
        head = ChainHeadSchedule(interval: settings.headInterval)
    }

    /// Lines read and not yet published.
    public var backlog: Int { waiting.count - waitingStart }

    /// Reads new lines (when few are waiting) and publishes while the window has room and
    /// `publish` takes them. Returns what the log showed besides lines, for the operational
    /// log: gaps (line numbers no longer on disk) and lines skipped as not audit lines.
    ///
    /// - Throws: `AuditFollowerError`: the log cannot be read, or it is not the cursor's log.
    public func poll(publish: ([UInt8]) -> UInt16?) throws(AuditFollowerError) -> [AuditFollower.Event] {
        var notices: [AuditFollower.Event] = []
        if backlog < settings.batch {
            for event in try follower.next(limit: settings.batch - backlog) {
                if case .line(let line) = event {
                    waiting.append(line)
                    head.read(line)
                } else {
                    notices.append(event)
                }
            }
        }
        while window.hasRoom, waitingStart < waiting.count, let id = publish(ChainHead.eventPayload(waiting[waitingStart])) {
            // An id still in flight is the client's fault: the line goes out again at the next
            // poll under another id (a duplicate the collector drops), never untracked.
            do throws(PublicationWindowError) { try window.send(waiting[waitingStart], id: id) } catch { break }
            waitingStart += 1
        }
        if waitingStart > 0, waitingStart * 2 >= waiting.count {
            waiting.removeFirst(waitingStart)
            waitingStart = 0
        }
        return notices
    }

    /// Records the PUBACK of message `id`, and saves the cursor when a save is due.
    ///
    /// - Throws: `AuditCursorFileError` when the save fails (the acknowledgement counts; the
    ///   next due save tries again).
    public func acknowledge(id: UInt16, now: ContinuousClock.Instant) throws(AuditCursorFileError) {
        saves.advanced(by: window.acknowledge(id: id))
        try saveIfDue(at: now)
    }

    /// Saves the cursor when it moved and `Settings.saveEvery` or `Settings.saveInterval` says
    /// so; the poll loop calls it now and then so the last acknowledgements of a burst are saved.
    ///
    /// - Throws: `AuditCursorFileError` when the save fails.
    public func saveIfDue(at now: ContinuousClock.Instant) throws(AuditCursorFileError) {
        guard saves.isDue(at: now), let cursor = window.cursor else { return }
        try cursorFile.save(cursor)
        saves.saved(at: now)
    }

    /// The chain head to publish (retained) now, when one is due.
    public func headDue(at now: ContinuousClock.Instant, wallClock: AuditTime) -> ChainHead? {
        head.due(at: now, wallClock: wallClock)
    }

    /// After the MQTT session was lost without the client keeping its in-flight messages (a
    /// clean session): forgets what was in flight and waiting, and follows again after the
    /// cursor, so the unacknowledged lines are published again.
    public func restartFromCursor() {
        follower = AuditFollower(path: logPath, after: window.cursor)
        window = PublicationWindow(capacity: settings.window, after: window.cursor)
        waiting = []
        waitingStart = 0
    }

    /// Saves the cursor at stop (when a line was acknowledged).
    ///
    /// - Throws: `AuditCursorFileError` when the save fails.
    public func stop(now: ContinuousClock.Instant) throws(AuditCursorFileError) {
        guard let cursor = window.cursor else { return }
        try cursorFile.save(cursor)
        saves.saved(at: now)
    }
}
