import DoorControl

/// Where `door run` reports what happened: decisions and door events go to the audit log
/// (one fsync'd JSON line each) and every entry to the operational log.
final class DaemonJournal: DoorJournal {
    private let audit: AuditLog
    private let log: OperationalLog

    /// A journal writing to `audit` and `log`.
    init(audit: AuditLog, log: OperationalLog) {
        self.audit = audit
        self.log = log
    }

    func record(_ entry: JournalEntry) {
        if let line = AuditEntry(journal: entry, at: AuditTime.now()) { append(line) }
        let (level, text) = Self.describe(entry)
        log.write(level, text)
    }

    /// Appends a line to the audit log; a failure is logged, never fatal (the door goes on).
    func append(_ line: AuditEntry) {
        do throws(AuditLogError) { try audit.append(line) } catch { log.write(.error, "audit log: \(error)") }
    }

    /// The operational log's level and words for an entry.
    static func describe(_ entry: JournalEntry) -> (OperationalLog.Level, String) {
        switch entry {
        case let .decision(decision, presentation):
            let tag = UIDNotation.format(presentation.uid) + (presentation.product.map { " (\($0))" } ?? "")
            let who = decision.user.map { " user \($0)," } ?? ""
            return (.notice, "\(decision.granted ? "granted" : "denied") \(tag):\(who) rule \(decision.rule): \(decision.reason)")
        case .removed(let uid):
            return (.debug, "tag \(UIDNotation.format(uid)) left the field")
        case .note(.unlocked(let reason)):
            return (.info, "relay energised (unlocked): \(reason)")
        case .note(.locked(let reason)):
            return (.info, "relay released (locked): \(reason)")
        case .note(.exitRequested):
            return (.info, "exit button pressed")
        case .note(.doorOpened):
            return (.info, "door opened")
        case .note(.doorClosed):
            return (.info, "door closed")
        case .note(.heldOpen(let duration)):
            return (.warning, "door held open for \(duration.components.seconds) s")
        case .note(.doorbell):
            return (.info, "doorbell")
        case .reader(.opened(let device)):
            return (.notice, "reader ready on \(device)")
        case .reader(.lost(let reason)):
            return (.error, "reader lost: \(reason)")
        case let .reader(.recoveryFailed(step, reason)):
            return (.warning, "reader recovery (\(step)) failed: \(reason)")
        case .reader(.recovered(let step)):
            return (.notice, "reader back after \(step)")
        case .reader(.presented(let presentation)):
            return (.debug, "tag \(UIDNotation.format(presentation.uid)) presented")
        case .reader(.removed(let uid)):
            return (.debug, "tag \(UIDNotation.format(uid)) left the field")
        case .outputFailed(let what):
            return (.error, "output failed: \(what)")
        }
    }
}
