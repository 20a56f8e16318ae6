import Basics
import DoorRecords

extension AuditEntry {
    /// The entry for a decision on a presented tag.
    public init(decision: Decision, presentation: Presentation, at time: AuditTime) {
        self.init(
            time: time, event: .decision, uid: presentation.uid, user: decision.user, granted: decision.granted,
            rule: decision.rule, reason: decision.reason, product: presentation.product)
    }
}
