import Basics

/// One line of the audit log: a decision on a tag, or something else that happened at the
/// door (exit button, door contact, alarm, doorbell, reader, lockout, configuration).
public struct AuditEntry: Equatable, Sendable {
    /// What kind of thing happened; the `event` key of the line.
    public enum Event: String, Equatable, Sendable, CaseIterable {
        /// A tag was granted or denied.
        case decision
        /// The request-to-exit button opened the door.
        case exit
        /// The door opened or closed.
        case door
        /// The door was held open too long.
        case alarm
        /// The doorbell rang.
        case doorbell
        /// The reader was lost or came back.
        case reader
        /// Repeated denials locked the reader out.
        case lockout
        /// The configuration was reloaded or a new one rejected.
        case config
        /// The relay was energised (unlocked) or released (locked), and why.
        case relay
        /// Denials of unknown tags beyond the first few in a window, counted in one line.
        case summary
        /// Something that needs a person: an output that could not be driven, audit lines
        /// lost, a partial line cut off.
        case fault
    }

    /// When it happened.
    public var time: AuditTime
    /// What kind of thing happened.
    public var event: Event
    /// The tag's UID from the RF layer, for decisions.
    public var uid: [UInt8]?
    /// The user matched, if any.
    public var user: String?
    /// Granted or denied, for decisions.
    public var granted: Bool?
    /// The rule that decided.
    public var rule: String?
    /// Why, or what happened, in words.
    public var reason: String
    /// The tag's product (`NTAG215`), when identified.
    public var product: String?

    /// An entry.
    public init(
        time: AuditTime, event: Event, uid: [UInt8]? = nil, user: String? = nil, granted: Bool? = nil,
        rule: String? = nil, reason: String, product: String? = nil
    ) {
        self.time = time
        self.event = event
        self.uid = uid
        self.user = user
        self.granted = granted
        self.rule = rule
        self.reason = reason
        self.product = product
    }
}
