import Basics
import FileInput
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Making and reading audit key files (`AuditKey.fileText`): the initial key, which the
/// verifier keeps where the door cannot write (root's, `/etc/pn532ctl/audit-initial.key`),
/// and the door's evolving copy beside the log (`AuditKeyFile`).
public enum AuditKeySetup {
    /// Reads the key file at `path`.
    ///
    /// - Throws: `AuditLogReadError` when it cannot be read or does not hold an audit key.
    public static func read(_ path: String) throws(AuditLogReadError) -> AuditKey {
        let bytes: [UInt8]
        do throws(FileInputError) {
            bytes = try InputFile.read(path, limit: InputLimit(bytes: AuditKeyFile.limit, for: "an audit key file"))
        } catch {
            switch error.reason {
            case .cannotOpen(let code), .cannotRead(let code): throw AuditLogReadError(path: path, code: code)
            case .tooLarge, .lineTooLong: throw AuditLogReadError(path: path, problem: "\(error)")
            }
        }
        guard let key = String(validating: bytes, as: UTF8.self).flatMap({ AuditKey(fileText: $0) }) else {
            throw AuditLogReadError(path: path, problem: "not an audit key file (\(AuditKey.header) <line> <64 hex digits>)")
        }
        return key
    }

    /// Makes a new initial key for the log at `logPath`, starting at the line after its last:
    /// writes it to `initial` (mode 0400, the caller's) and to the door's key file beside the
    /// log (mode 0600, owned by the owner of the log's directory, the door's account). Neither
    /// file may exist; when the door's cannot be made, the initial one is removed again. The
    /// door MACs lines from its next start. Returns the key's first line.
    public static func create(initial: String, logPath: String) throws(AtomicCreateError) -> Int {
        let last = (try? AuditChainVerifier.verify(path: logPath))?.lastLine ?? 0
        var key = AuditKey.random(line: last + 1)
        defer { key.erase() }
        let text = Array(key.fileText.utf8)
        let doorKey = AuditKeyFile.path(forLog: logPath)
        var status = stat()
        if lstat(doorKey, &status) == 0 { throw AtomicCreateError(step: .exists, path: doorKey, temporary: nil, errno: .fileExists) }
        try AtomicCreate.create(initial, with: text, permissions: .ownerRead)
        var directory = stat()
        let owner = stat(PathText.directory(of: logPath), &directory) == 0 ? (user: directory.st_uid, group: directory.st_gid) : nil
        do {
            try AtomicCreate.create(doorKey, with: text, permissions: .ownerReadWrite, owner: owner)
        } catch {
            unlink(initial)
            throw error
        }
        return key.line
    }
}
