import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The check on a file a process keeps for itself (the audit log and its key, the counters),
/// opened without following a symlink. A file written to must be a regular file with one
/// name, owned by the process's effective uid: a file with a second name (a hard link) could
/// be another file's, written on someone else's behalf, and another account's file is not
/// the process's to extend. A file read must be a regular file owned by the process's uid or
/// root (any owner when the process is root, which checks what it chooses to): a file another
/// account planted could hold chosen contents, such as counters rolled back.
public enum OwnFile {
    /// What the file is opened for.
    public enum Use: Sendable {
        /// Read only.
        case reading
        /// Written (appended to or overwritten in place).
        case writing
    }

    /// Checks the open `file` (fstat) for `use`. With `allowingDevices`, a character device
    /// (such as `/dev/null`) passes without the owner and link checks.
    ///
    /// - Throws: `OwnFileError` saying what is wrong.
    public static func check(_ file: FileDescriptor, for use: Use, allowingDevices: Bool = false) throws(OwnFileError) {
        var status = stat()
        guard fstat(file.rawValue, &status) == 0 else { throw OwnFileError(.status(.latest)) }
        let type = status.st_mode & S_IFMT
        if allowingDevices, type == S_IFCHR { return }
        guard type == S_IFREG else { throw OwnFileError(.notRegular) }
        let process = geteuid()
        switch use {
        case .reading:
            guard process == 0 || status.st_uid == process || status.st_uid == 0 else {
                throw OwnFileError(.owner(uid: status.st_uid, expected: process))
            }
        case .writing:
            guard status.st_uid == process else { throw OwnFileError(.owner(uid: status.st_uid, expected: process)) }
            guard status.st_nlink == 1 else { throw OwnFileError(.links(count: Int(status.st_nlink))) }
        }
    }
}

/// Why a file a process keeps for itself was refused.
public struct OwnFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the file.
    public enum Problem: Equatable, Sendable {
        /// Not a regular file (a directory, FIFO, socket or device).
        case notRegular
        /// Owned by `uid`, not by the process's effective uid `expected`.
        case owner(uid: UInt32, expected: UInt32)
        /// It has `count` names: a hard link.
        case links(count: Int)
        /// fstat failed.
        case status(Errno)
    }

    /// What is wrong.
    public var problem: Problem

    /// An error.
    public init(_ problem: Problem) {
        self.problem = problem
    }

    /// What is wrong and what to do, without the file's name.
    public var description: String {
        switch problem {
        case .notRegular:
            "it is not a regular file: remove it"
        case let .owner(uid, expected):
            "it is owned by uid \(uid), not by uid \(expected) that runs this: a file another account owns is neither read nor written; remove it, or give it to uid \(expected) (chown) if its contents are trusted"
        case let .links(count):
            "it has \(count) names (hard links), so it may be another file's second name: it is not written through; remove this name"
        case let .status(code):
            "cannot read its status: \(code)"
        }
    }
}
