#if canImport(Glibc)
import Glibc
#endif

/// The audit log file: one JSON line per entry, each written with a single write(2) to a
/// file opened O_APPEND and flushed with fsync(2) before `append` returns. Before an entry
/// would take the file past `maxBytes`, the file is rotated: `path.keep` is dropped,
/// `path.N` becomes `path.N+1`, `path` becomes `path.1`, and a new `path` is started.
///
/// Errors are thrown, never fatal: the daemon logs them and goes on opening the door.
public final class AuditLog {
    /// The current file.
    public let path: String
    /// The size a file may reach.
    public let maxBytes: Int
    /// Rotated files kept (`path.1` newest … `path.keep` oldest).
    public let keep: Int

    private var descriptor: Int32 = -1

    /// Opens (creating it, mode 0640) the log at `path`. A missing directory is an error,
    /// not created.
    public init(path: String, maxBytes: Int, keep: Int) throws(AuditLogError) {
        self.path = path
        self.maxBytes = maxBytes
        self.keep = max(0, keep)
        try open()
    }

    /// Opens the log an `[audit]` section describes.
    public convenience init(_ config: AuditConfig) throws(AuditLogError) {
        try self.init(path: config.path, maxBytes: config.maxBytes, keep: config.keep)
    }

    deinit {
        close()
    }

    /// Appends one entry and flushes it to disk, rotating first when it would not fit.
    /// After a failed rotation the entry is still written, then the rotation error thrown.
    public func append(_ entry: AuditEntry) throws(AuditLogError) {
        let line = Array((entry.jsonLine + "\n").utf8)
        if descriptor < 0 { try open() }
        var rotationError: AuditLogError?
        let size = try currentSize()
        if size > 0, size + line.count > maxBytes {
            do { try rotate() } catch { rotationError = error }
            if descriptor < 0 { try open() }
        }
        try write(line)
        guard fsync(descriptor) == 0 else { throw AuditLogError(.sync, path: path, code: errno) }
        if let rotationError { throw rotationError }
    }

    /// Closes the file; the next `append` reopens it.
    public func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// The rotated file `number` (`path.1` is the newest).
    public static func rotatedPath(_ path: String, _ number: Int) -> String {
        "\(path).\(number)"
    }

    /// The directory holding `path`.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private func open() throws(AuditLogError) {
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC
        let opened = Glibc.open(path, flags, mode_t(0o640))
        guard opened >= 0 else { throw AuditLogError(.open, path: path, code: errno) }
        descriptor = opened
    }

    private func currentSize() throws(AuditLogError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw AuditLogError(.status, path: path, code: errno) }
        return Int(status.st_size)
    }

    private func write(_ line: [UInt8]) throws(AuditLogError) {
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, line.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw AuditLogError(.write, path: path, code: errno)
            }
            offset += written
        }
    }

    /// Shifts the rotated files up by one, dropping the oldest, and moves the current file to
    /// `path.1` (or removes it when no rotated files are kept); the directory is synced so the
    /// renames survive a power cut.
    private func rotate() throws(AuditLogError) {
        close()
        defer { syncDirectory() }
        guard keep > 0 else {
            guard unlink(path) == 0 || errno == ENOENT else { throw AuditLogError(.rotate(from: path, to: nil), path: path, code: errno) }
            return
        }
        for number in stride(from: keep - 1, through: 1, by: -1) {
            let source = Self.rotatedPath(path, number)
            let target = Self.rotatedPath(path, number + 1)
            guard rename(source, target) == 0 || errno == ENOENT else {
                throw AuditLogError(.rotate(from: source, to: target), path: path, code: errno)
            }
        }
        let first = Self.rotatedPath(path, 1)
        guard rename(path, first) == 0 || errno == ENOENT else { throw AuditLogError(.rotate(from: path, to: first), path: path, code: errno) }
    }

    private func syncDirectory() {
        let directory = Glibc.open(Self.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        _ = fsync(directory)
        _ = Glibc.close(directory)
    }
}
