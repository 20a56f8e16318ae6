import Basics
import DoorRecords

extension AuditEntry {
    /// The audit entry for a journal entry, or nil for what only the operational log keeps
    /// (a tag leaving, a tag seen before its decision, a failed recovery step).
    public init?(journal: JournalEntry, at time: AuditTime) {
        switch journal {
        case let .decision(decision, presentation):
            self.init(decision: decision, presentation: presentation, at: time)
        case .note(.exitRequested):
            self.init(time: time, event: .exit, reason: "exit button pressed")
        case .note(.doorOpened):
            self.init(time: time, event: .door, reason: "opened")
        case .note(.doorClosed):
            self.init(time: time, event: .door, reason: "closed")
        case .note(.heldOpen(let duration)):
            self.init(time: time, event: .alarm, reason: "held open for \(duration.components.seconds) s")
        case .note(.doorbell):
            self.init(time: time, event: .doorbell, reason: "rang")
        case .note(.remoteUnlock(let what)):
            self.init(time: time, event: .exit, reason: "remote unlock: \(what)")
        case .note(.remoteUnlockRefused(let why)):
            self.init(time: time, event: .alarm, reason: "remote unlock refused: \(why)")
        case .reader(.lost(let reason)):
            self.init(time: time, event: .reader, reason: "lost: \(reason)")
        case .reader(.opened(let device)):
            self.init(time: time, event: .reader, reason: "opened \(device)")
        case .reader(.recovered(let step)):
            self.init(time: time, event: .reader, reason: "recovered after \(step)")
        case let .reader(.resting(uid, after)):
            self.init(time: time, event: .reader, uid: uid, reason: Self.restingReason(after: after))
        case .note(.unlocked(let reason)):
            self.init(time: time, event: .relay, reason: "energised (unlocked): \(reason)")
        case .note(.locked(let reason)):
            self.init(time: time, event: .relay, reason: "released (locked): \(reason)")
        case .outputFailed(let what):
            self.init(time: time, event: .fault, reason: "output failed: \(what)")
        case .removed, .reader(.presented), .reader(.removed), .reader(.recoveryFailed):
            return nil
        }
    }

    /// Why a tag resting on the reader is audited: once, when it has stayed `after`.
    static func restingReason(after: Duration) -> String {
        "resting on the reader for \(after.components.seconds) s: set aside, cards that come later are decided on their own"
    }

    /// A lockout starting: presentations are ignored until `until`.
    public static func lockout(at time: AuditTime, until end: AuditTime, denials: Int) -> AuditEntry {
        AuditEntry(time: time, event: .lockout, rule: "lockout", reason: "\(denials) denials: presentations ignored until \(end.iso8601)")
    }

    /// A configuration reload: applied, or rejected (the old one stays) and why.
    public static func configuration(at time: AuditTime, path: String, rejection: String?) -> AuditEntry {
        AuditEntry(time: time, event: .config, reason: rejection.map { "\(path) rejected, previous kept: \($0)" } ?? "\(path) reloaded")
    }
}
