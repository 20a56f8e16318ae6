/// `audit.on_failure`: what a grant does when the audit log cannot take its line (full disk,
/// read-only card, I/O error). Either way the operational log raises an alarm, and the audit
/// log gets an alarm line saying how many lines were lost once it can be written again.
public enum AuditFailurePolicy: String, Equatable, Sendable, CaseIterable {
    /// A grant whose line cannot be written first is denied: nobody enters unrecorded.
    case deny
    /// The grant stands, unrecorded, with the alarm.
    case `continue`
}
