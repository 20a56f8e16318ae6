import DoorRecords

/// The door's presence on `pn532ctl/<d>/status` (retained; `offline` is also the Will):
/// Home Assistant's default availability payloads.
package enum HomeAssistantAvailability: String, Sendable {
    case online
    case offline

    /// The payload.
    package var payload: String { rawValue }
}

/// The lock's state on `pn532ctl/<d>/lock/state` (retained): Home Assistant's default lock
/// states.
package enum HomeAssistantLockState: String, Sendable {
    case locked = "LOCKED"
    case unlocked = "UNLOCKED"

    /// The payload.
    package var payload: String { rawValue }

    /// The state a relay line of the audit log leaves the lock in (`energised (unlocked): …`
    /// or `released (locked): …`); nil for any other line.
    package init?(relay entry: AuditEntry) {
        guard entry.event == .relay else { return nil }
        if entry.reason.hasPrefix("energised (unlocked)") {
            self = .unlocked
        } else if entry.reason.hasPrefix("released (locked)") {
            self = .locked
        } else {
            return nil
        }
    }
}
