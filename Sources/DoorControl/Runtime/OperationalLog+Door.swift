import Basics
import DaemonKit

extension OperationalLog {
    /// The door's log: lines up to `threshold`, stamped with the audit log's wall clock.
    public convenience init(threshold: Level) {
        self.init(threshold: threshold, clock: { AuditTime.now().iso8601 })
    }
}
