import DoorRecords
import FileInput
import SystemPackage

/// Why the audit follower stopped: the log under the cursor is not the log the cursor was
/// taken from, a file cannot be read, or a line is too long to be an audit line.
public struct AuditFollowerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// The log was rewritten or replaced under the cursor: what shows it.
        case notTheCursorsLog(String)
        /// Opening, reading or fstat failed.
        case system(Errno)
        /// A line at this byte offset is longer than `AuditLogReader.lineLimit`.
        case lineTooLong(offset: Int)
    }

    /// The file.
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// An error.
    public init(path: String, _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notTheCursorsLog(let evidence):
            "audit log \(path): \(evidence): the log was rewritten or replaced under the uplink's cursor, so nothing more is published from it; "
                + "check the log with `pn532ctl door log --verify`, then remove the uplink's audit cursor (\(AuditCursorFile.fileName) in its state directory) to publish the log from its oldest line"
        case .system(let code):
            "audit log \(path): cannot read it: \(code) (errno \(code.rawValue))"
        case .lineTooLong(let offset):
            "audit log \(path): the line at byte \(offset) is longer than \(AuditLogReader.lineLimit.bytes) bytes: this is not an audit log"
        }
    }
}
