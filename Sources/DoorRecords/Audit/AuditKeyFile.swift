import Basics
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The door's copy of the evolving audit key (`AuditKey`), `<audit log>.key`: opened without
/// following a symlink, read once, then overwritten in place (same file, not a new one) with
/// the next line's key after every line, so the old key is gone from the file as far as the
/// file system lets an overwrite erase it.
public final class AuditKeyFile {
    /// The file.
    public let path: String
    /// The key of the next line.
    public private(set) var key: AuditKey
    private let file: FileDescriptor

    /// The longest key file read: a header, a line number and 64 hex digits.
    static let limit = 128

    /// The key file beside the log `logPath`.
    public static func path(forLog logPath: String) -> String { logPath + ".key" }

    /// Opens the key file at `path`; nil when there is none (the log is then written unkeyed).
    ///
    /// - Throws: `AuditLogError` (`.open`) when it cannot be opened (a symlink is ELOOP) or
    ///   does not hold a key (EINVAL).
    public static func open(_ path: String) throws(AuditLogError) -> AuditKeyFile? {
        let file: FileDescriptor
        do throws(Errno) {
            file = try .opening(path, .readWrite, options: [.noFollow])
        } catch {
            if error == .noSuchFileOrDirectory { return nil }
            throw AuditLogError(.open, path: path, code: error)
        }
        do throws(OwnFileError) { try OwnFile.check(file, for: .writing) } catch {
            file.closeQuietly()
            throw AuditLogError(.notOwn(error), path: path, code: .notPermitted)
        }
        let text: [UInt8]
        do throws(Errno) { text = try file.readToEnd(limit: limit) } catch {
            file.closeQuietly()
            throw AuditLogError(.open, path: path, code: error)
        }
        guard text.count <= limit, let key = String(validating: text, as: UTF8.self).flatMap({ AuditKey(fileText: $0) }) else {
            file.closeQuietly()
            throw AuditLogError(.open, path: path, code: .invalidArgument)
        }
        return AuditKeyFile(path: path, key: key, file: file)
    }

    private init(path: String, key: AuditKey, file: FileDescriptor) {
        self.path = path
        self.key = key
        self.file = file
    }

    deinit {
        key.erase()
        file.closeQuietly()
    }

    /// Evolves the key to line `line` (when it is behind) and stores it; the key then MACs line `line`.
    /// A key more than `catchUpLimit` lines behind the log is refused (EINVAL): a stop between
    /// a line and its key's update leaves it one behind.
    public func moveTo(line: Int) throws(AuditLogError) {
        guard key.line < line else { return }
        guard key.advance(to: line, limit: Self.catchUpLimit) else { throw AuditLogError(.open, path: path, code: .invalidArgument) }
        try store()
    }

    /// The most lines the door's key is evolved to catch up with the log at start.
    static let catchUpLimit = 1 << 16

    /// Evolves the key to the next line's (line `key.line` is written) and overwrites the file with it.
    public func advance() throws(AuditLogError) {
        key.advance()
        try store()
    }

    /// Overwrites the file with the key. Not fsync'd, so a line costs no second flush: the
    /// kernel writes the page back within seconds, and a crash before that leaves the key a
    /// line or two behind the log, which `moveTo` catches up at the next start. The text never
    /// gets shorter (line numbers only grow), so it always covers the old key whole.
    private func store() throws(AuditLogError) {
        let text = Array(key.fileText.utf8)
        do throws(Errno) {
            guard lseek(file.rawValue, 0, SEEK_SET) == 0 else { throw Errno.latest }
            try file.writeEverything(text)
        } catch {
            throw AuditLogError(.keyUpdate, path: path, code: error)
        }
    }
}
