/// The topics of one door (`pn532ctl/<door>/…`) and of its group's snapshot
/// (`pn532ctl/acl/<group>`): the contract in the README's "Many doors", written once.
public struct UplinkTopics: Equatable, Sendable {
    /// The door's id.
    public let door: String

    /// The topics of `door`.
    public init(door: String) {
        self.door = door
    }

    /// A door group's signed users snapshot, retained.
    public static func snapshot(group: String) -> String { "pn532ctl/acl/\(group)" }

    /// `online` / `offline`, retained; `offline` is also the Will.
    public var status: String { "pn532ctl/\(door)/status" }
    /// The snapshot the door has in force, retained.
    public var snapshotState: String { "pn532ctl/\(door)/acl/state" }
    /// One audit line per message, QoS 1, as stored.
    public var audit: String { "pn532ctl/\(door)/audit" }
    /// The audit chain's head, retained.
    public var auditHead: String { "pn532ctl/\(door)/audit/head" }
    /// One event per decided presentation (Home Assistant's event entity).
    public var access: String { "pn532ctl/\(door)/access" }
    /// One message per presented tag (Home Assistant's tag scanner).
    public var tag: String { "pn532ctl/\(door)/tag" }
    /// `LOCKED` / `UNLOCKED`, retained.
    public var lockState: String { "pn532ctl/\(door)/lock/state" }
    /// Signed unlock commands in, never retained.
    public var lockSet: String { "pn532ctl/\(door)/lock/set" }
}
