import Basics
import DoorRecords

#if canImport(Glibc)
import Glibc
#endif

/// Which file a name of the audit log is (device and inode): the follower keeps its file open
/// across a rotation and finds, by identity, which name its file has now and which file
/// follows it.
struct AuditLogFileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file named `path`, not following a symlink; nil when there is none.
    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity in a status.
    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The log's files, oldest first (`AuditLogReader.files`), with their identities; a name
    /// removed while listing is left out.
    static func files(ofLog path: String) -> [(name: String, identity: AuditLogFileIdentity)] {
        AuditLogReader(path: path).files().compactMap { name in AuditLogFileIdentity(path: name).map { (name, $0) } }
    }
}
