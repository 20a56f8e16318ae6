import Basics
import DaemonKit
import DoorRecords

/// Where `door run` reports what happened: decisions, relay transitions and door events go
/// to the audit log (one fsync'd, chained JSON line each; repeated denials of unknown tags
/// summarised) and every entry to the operational log. A line the audit log cannot take
/// raises an alarm in the operational log; once it can be written again a `fault` line says
/// how many lines were lost. With `audit.on_failure = "deny"` a grant is written before the
/// door acts on it (`writeBeforeActing`), and refused when that fails.
package final class DaemonJournal: DoorJournal {
    private let audit: AuditLog
    private let log: OperationalLog
    /// What a grant does when its line cannot be written.
    package let onFailure: AuditFailurePolicy
    private var summary = DenialSummary()
    /// Lines lost since the log stopped taking them, and why.
    private var lost: (since: AuditTime, count: Int, cause: String)?
    /// A grant already written by `writeBeforeActing`, not to be written twice.
    private var written: (Decision, Presentation)?

    /// A journal writing to `audit` and `log`.
    package init(audit: AuditLog, log: OperationalLog, onFailure: AuditFailurePolicy) {
        self.audit = audit
        self.log = log
        self.onFailure = onFailure
        if audit.repairedBytes > 0 {
            append(AuditEntry(time: AuditTime.now(), event: .fault, reason: "a partial last line of \(audit.repairedBytes) bytes was cut off \(audit.path) (an interrupted write)"))
        }
        if let missing = audit.missingLines {
            append(AuditEntry(time: AuditTime.now(), event: .fault, reason: "audit lines \(missing.lowerBound)…\(missing.upperBound) are missing from \(audit.path): the audit key is past them, so they were cut from the end of the log"))
        }
    }

    /// Appends `entry`'s audit line (unless `writeBeforeActing` wrote it already), then logs
    /// it: a log line is only seen once its audit line is on disk. Both carry the time the
    /// entry came, not delayed by the audit log's fsync.
    package func record(_ entry: JournalEntry) {
        let now = AuditTime.now()
        let (level, text) = Self.describe(entry)
        defer { log.write(level, text, stamp: now.iso8601) }
        if case let .decision(decision, presentation) = entry, let done = written {
            written = nil
            if done == (decision, presentation) { return }
        }
        if let line = AuditEntry(journal: entry, at: now) { append(line) }
    }

    /// Writes a grant's line before the door acts on it; false when the log cannot take it
    /// (the caller then denies).
    package func writeBeforeActing(_ decision: Decision, _ presentation: Presentation) -> Bool {
        guard write(AuditEntry(decision: decision, presentation: presentation, at: AuditTime.now())) else { return false }
        written = (decision, presentation)
        return true
    }

    /// Appends a line to the audit log (or counts it into a summary); a failure raises the
    /// alarm and is never fatal.
    package func append(_ line: AuditEntry) {
        let (full, summaries) = summary.admit(line)
        for due in summaries { write(due) }
        if full { write(line) }
    }

    /// Writes the summaries still pending (shutdown).
    package func flush() {
        for due in summary.flush(at: AuditTime.now()) { write(due) }
    }

    /// Writes one line, first the count of lines lost before it; true when it is on disk.
    @discardableResult
    private func write(_ line: AuditEntry) -> Bool {
        if let gap = lost {
            let alarm = AuditEntry(
                time: line.time, event: .fault,
                reason: "\(gap.count) audit line\(gap.count == 1 ? "" : "s") lost from \(gap.since.iso8601) to \(line.time.iso8601): \(gap.cause)")
            guard store(alarm) else { return lose(line) }
            lost = nil
            log.write(.notice, "audit log writable again: \(gap.count) line\(gap.count == 1 ? "" : "s") lost")
        }
        return store(line) || lose(line)
    }

    /// Appends without bookkeeping; a failed rotation or key update (the line was written) is only logged.
    private func store(_ line: AuditEntry) -> Bool {
        do throws(AuditLogError) {
            try audit.append(line)
            return true
        } catch {
            switch error.operation {
            case .rotate, .keyUpdate:
                log.write(.error, "audit log: \(error)")
                return true
            default:
                break
            }
            if lost == nil {
                lost = (line.time, 0, error.description)
                let consequence = onFailure == .deny
                    ? "grants are refused until it can (audit.on_failure = \"deny\")"
                    : "the door goes on granting, unrecorded (audit.on_failure = \"continue\")"
                log.write(.error, "ALARM: the audit log cannot be written: \(error); \(consequence)")
            }
            return false
        }
    }

    /// Counts a line that could not be written and keeps it in the operational log.
    private func lose(_ line: AuditEntry) -> Bool {
        if var gap = lost {
            gap.count += 1
            lost = gap
        }
        log.write(.error, "audit line lost: \(line.jsonLine)")
        return false
    }

    /// The operational log's level and words for an entry.
    package static func describe(_ entry: JournalEntry) -> (OperationalLog.Level, String) {
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
        case .note(.remoteUnlock(let what)):
            return (.notice, "remote unlock: \(what)")
        case .note(.remoteUnlockRefused(let why)):
            return (.warning, "remote unlock refused: \(why)")
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
        case let .reader(.resting(uid, after)):
            return (.notice, "tag \(UIDNotation.format(uid)) \(AuditEntry.restingReason(after: after))")
        case .outputFailed(let what):
            return (.error, "output failed: \(what)")
        }
    }
}
