/// The QoS 1 bookkeeping of the audit lines being published: at most `capacity` lines in
/// flight, each under the message id the MQTT client gave its PUBLISH; acknowledgements
/// (PUBACK) arrive in any order, and the cursor moves only to the newest line below which every
/// line sent is acknowledged, never past an unacknowledged one.
///
/// Delivery is at least once: after a restart of the uplink (or a lost session, the broker
/// restarted, the door restarted), following starts again after the saved cursor, so the lines
/// sent but not yet acknowledged, or acknowledged after the last save, are published again.
/// A collector recognises such duplicates by the line's `line` number (and `seq`), which never
/// repeat within a log, and drops them; the chain link (`prev`) shows a line that differs.
///
/// Drive it from the poll loop: `send` each line the follower hands out while `hasRoom`, pass
/// each PUBACK to `acknowledge`, and save `cursor` when `CursorSavePolicy` says a save is due,
/// and at stop. When the MQTT session is lost, start a new
/// follower after `cursor` and a new window: the unacknowledged lines are then sent again.
public struct PublicationWindow {
    /// Lines in flight at most.
    public let capacity: Int
    /// The newest line below which every line sent is acknowledged (the cursor given at the
    /// start until one is).
    public private(set) var cursor: AuditCursor?

    /// The lines sent, in the order sent, and whether each is acknowledged.
    private var sent: [(line: AuditFollower.Line, id: UInt16, acknowledged: Bool)] = []

    /// A window of `capacity` lines (at least 1) after `cursor`.
    public init(capacity: Int, after cursor: AuditCursor?) {
        self.capacity = max(1, capacity)
        self.cursor = cursor
    }

    /// Lines sent and not yet acknowledged.
    public var inFlight: Int { sent.count }

    /// True while another line may be sent.
    public var hasRoom: Bool { sent.count < capacity }

    /// The lines in flight, oldest first.
    public var unacknowledged: [AuditFollower.Line] { sent.filter { !$0.acknowledged }.map(\.line) }

    /// Records `line` as published under message id `id`.
    ///
    /// - Throws: `PublicationWindowError` when the window is full or `id` is in flight
    ///   already (the MQTT client reused an id before its acknowledgement): nothing is recorded.
    public mutating func send(_ line: AuditFollower.Line, id: UInt16) throws(PublicationWindowError) {
        guard hasRoom else { throw .full(capacity: capacity) }
        guard !sent.contains(where: { $0.id == id && !$0.acknowledged }) else { throw .idInFlight(id) }
        sent.append((line, id, false))
    }

    /// Records the acknowledgement of message id `id`; returns the lines by which the cursor
    /// moved (0 when an older line is still unacknowledged, or the id is not in flight: a
    /// PUBACK for a message of an earlier session is ignored).
    @discardableResult
    public mutating func acknowledge(id: UInt16) -> Int {
        guard let index = sent.firstIndex(where: { $0.id == id && !$0.acknowledged }) else { return 0 }
        sent[index].acknowledged = true
        let done = sent.prefix { $0.acknowledged }.count
        guard done > 0 else { return 0 }
        cursor = AuditCursor(sent[done - 1].line)
        sent.removeFirst(done)
        return done
    }
}

/// A line the window cannot take.
public enum PublicationWindowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The window holds `capacity` lines already.
    case full(capacity: Int)
    /// This message id is in flight already.
    case idInFlight(UInt16)

    public var description: String {
        switch self {
        case .full(let capacity): "the publication window is full (\(capacity) lines in flight): wait for acknowledgements"
        case .idInFlight(let id): "message id \(id) is in flight already: an MQTT client reuses an id only after its acknowledgement"
        }
    }
}
