import Basics
import DoorRecords
import JSONText

/// The two kinds of access event Home Assistant's event entity knows.
package enum HomeAssistantAccessEventType: String, CaseIterable, Sendable {
    case granted
    case denied
}

/// What the uplink tells Home Assistant about one decided presentation, made from its audit
/// line: the access event (`pn532ctl/<d>/access`) and the tag scan (`pn532ctl/<d>/tag`).
/// It carries what the audit line carries and nothing more: the UID as the log stores it
/// (upper-case hex), the user, the rule and the reason; the line's time, since a line sent
/// after an outage arrives late.
package struct HomeAssistantAccessEvent: Equatable, Sendable {
    /// Granted or denied.
    package var type: HomeAssistantAccessEventType
    /// The audit line.
    package var entry: AuditEntry

    /// The event of `entry`; nil for every line that is not a decision on a presented tag.
    /// Skipped on purpose: exit button, door contact, alarm, doorbell, reader (a tag left
    /// resting is not a new presentation), lockout, configuration, relay (the lock state's),
    /// summary (denials counted, not presented one by one here) and fault lines, and a
    /// decision without its verdict.
    package init?(_ entry: AuditEntry) {
        switch entry.event {
        case .decision:
            guard let granted = entry.granted else { return nil }
            type = granted ? .granted : .denied
        case .exit, .door, .alarm, .doorbell, .reader, .lockout, .config, .relay, .summary, .fault:
            return nil
        }
        self.entry = entry
    }

    /// The access event's payload: `event_type`, `time`, then `user`, `rule` and `uid` when the
    /// line has them, and `reason`; every value but `event_type` becomes an attribute in HA.
    package var payload: String {
        var members: [(String, JSONValue)] = [("event_type", .string(type.rawValue)), ("time", .string(entry.time.iso8601))]
        if let user = entry.user { members.append(("user", .string(user))) }
        if let rule = entry.rule { members.append(("rule", .string(rule))) }
        members.append(("reason", .string(entry.reason)))
        if let uid = entry.uid { members.append(("uid", .string(Hex.encode(uid)))) }
        return JSONValue.object(members).text
    }

    /// The tag scan's payload, `{"uid":"…"}`; nil when the line has no UID.
    package var tagPayload: String? {
        entry.uid.map { JSONValue.object([("uid", .string(Hex.encode($0)))]).text }
    }
}
