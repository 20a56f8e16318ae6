import Basics
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A failed operation on the audit log: what was being done, on which file, and errno.
public struct AuditLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: Equatable, Sendable {
        /// Opening the file for appending.
        case open
        /// Reading its size (fstat).
        case status
        /// Writing an entry.
        case write
        /// fsync after an entry.
        case sync
        /// Renaming `from` to `to` while rotating (removing `from` when `to` is nil, with
        /// no rotated files kept); the entry was then still written to the current file,
        /// which keeps growing until the cause is fixed.
        case rotate(from: String, to: String?)
        /// Overwriting the audit key file (`path`) with the next line's key; the entry was
        /// written, the key on disk stays behind (caught up at the next start) and still
        /// holds a key that MACs a line already written.
        case keyUpdate
        /// Opening it: the file is not one the door keeps for itself (another account's, a
        /// hard link): why, for the message.
        case notOwn(OwnFileError)
    }

    /// What was being done.
    public var operation: Operation
    /// The file.
    public var path: String
    /// What the system call said.
    public var code: Errno

    /// An error.
    public init(_ operation: Operation, path: String, code: Errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String {
        let cause = "\(code) (errno \(code.rawValue))"
        switch operation {
        case .open:
            return "audit log \(path): cannot open: \(cause)\(openHint)"
        case .status:
            return "audit log \(path): cannot read its size: \(cause)"
        case .write:
            return "audit log \(path): cannot write an entry: \(cause)"
        case .sync:
            return "audit log \(path): cannot flush an entry to disk (fsync): \(cause)"
        case let .rotate(source, target):
            let step = target.map { "rename \(source) to \($0)" } ?? "remove \(source)"
            return "audit log \(path): cannot rotate (\(step)): \(cause); the entry was written to \(path), which grows until this is fixed"
        case .notOwn(let problem):
            return "audit file \(path): \(problem)"
        case .keyUpdate:
            return "audit key \(path): cannot overwrite it with the next line's key: \(cause); the entry was written, the old key stays on disk until this is fixed"
        }
    }

    private var openHint: String {
        let directory = PathText.directory(of: path)
        switch code {
        case .noSuchFileOrDirectory: return " — the directory \(directory) does not exist; create it (scripts/install.sh creates /var/log/pn532ctl)"
        case .permissionDenied, .notPermitted: return " — the daemon's user needs write access to \(directory) (and to the file if it exists)"
        case .tooManySymbolicLinkLevels: return " — \(path) is a symbolic link, a FIFO or a socket; it is never followed: remove it (the door creates the log again)"
        case .readOnlyFileSystem: return " — the file system is read-only here; under systemd, list \(directory) in ReadWritePaths="
        default: return ""
        }
    }
}
