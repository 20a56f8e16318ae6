import Basics
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The audit log file: one JSON line per entry, each chained to the one before (see
/// `AuditChain`), written with a single write(2) to a file opened O_APPEND and flushed with
/// fsync(2) before `append` returns. A write that does not take the whole line (a full disk,
/// a file size limit) is cut back to the previous length, so the file never holds part of a
/// line; a partial last line found when the file is opened (a power cut) is cut off too and
/// reported in `repairedBytes`. Before an entry would take the file past `maxBytes`, the file
/// is rotated: `path.keep` is dropped, `path.N` becomes `path.N+1`, `path` becomes `path.1`,
/// and a new `path` is started, its first line linked to the last line of `path.1`, its
/// rotation sequence number one more. When `path.key` holds an audit key (`AuditKeyFile`),
/// every line is MAC'd with it, then the key evolves and is overwritten; without one, lines
/// are written unkeyed. A key file ahead of the log (lines cut from the end of the log while
/// the door was stopped) is reported in `missingLines`, and the numbering goes on from the
/// key, so the gap stays in the log.
///
/// Errors are thrown, never fatal: the daemon decides what a failing log means
/// (`audit.on_failure`).
public final class AuditLog {
    /// The current file.
    public let path: String
    /// The size a file may reach.
    public let maxBytes: Int
    /// Rotated files kept (`path.1` newest … `path.keep` oldest).
    public let keep: Int

    /// Bytes of a partial last line cut off when the file was opened (0 when none).
    public private(set) var repairedBytes = 0

    /// Lines the key file says were written but the log no longer holds, found at open
    /// (their numbers), when there are some.
    public private(set) var missingLines: ClosedRange<Int>?

    private var file: FileDescriptor?
    private let keyFile: AuditKeyFile?
    /// Where the next line goes.
    private var next = AuditChain.Position(sequence: 1, line: 1)
    /// The SHA-256 of the last line written (the next line's link); nil until read from the files.
    private var previous: [UInt8]?

    /// Opens (creating it, mode 0640) the log at `path`. A missing directory is an error,
    /// not created; a symlink, a FIFO or a socket at `path` is refused, never followed.
    public init(path: String, maxBytes: Int, keep: Int) throws(AuditLogError) {
        self.path = path
        self.maxBytes = maxBytes
        self.keep = max(0, keep)
        keyFile = try AuditKeyFile.open(AuditKeyFile.path(forLog: path))
        try open()
    }

    deinit {
        close()
    }

    /// Appends one entry and flushes it to disk, rotating first when it would not fit.
    /// After a failed rotation the entry is still written, then the rotation error thrown.
    public func append(_ entry: AuditEntry) throws(AuditLogError) {
        if file == nil { try open() }
        var rotationError: AuditLogError?
        var size = try currentSize()
        if size > 0, size + estimatedLength(entry) > maxBytes {
            do {
                try rotate()
                next.sequence += 1
            } catch {
                rotationError = error
            }
            if file == nil { try open() }
            size = try currentSize()
        }
        let text = sealed(entry)
        try write(text + [UInt8(ascii: "\n")], restoring: size)
        previous = AuditChain.digest(text)
        next.line += 1
        var keyError: AuditLogError?
        do throws(AuditLogError) { try keyFile?.advance() } catch { keyError = error }
        do throws(Errno) { try openFile().sync() } catch { throw AuditLogError(.sync, path: path, code: error) }
        if let error = keyError ?? rotationError { throw error }
    }

    /// Closes the file; the next `append` reopens it.
    public func close() {
        file?.closeQuietly()
        file = nil
    }

    /// The rotated file `number` (`path.1` is the newest).
    public static func rotatedPath(_ path: String, _ number: Int) -> String {
        "\(path).\(number)"
    }


    /// The line of `entry` at `next`, linked to the line before and MAC'd when there is a key.
    private func sealed(_ entry: AuditEntry) -> [UInt8] {
        let linked = AuditChain.linked(entry.jsonLine, previous: previous ?? AuditChain.genesis, at: next)
        guard let keyFile else { return Array(linked.utf8) }
        return Array(AuditChain.sealed(linked, mac: keyFile.key.mac(Array(linked.utf8))).utf8)
    }

    /// The length of `entry`'s line with its newline (give or take a digit of the sequence
    /// number), without computing its MAC.
    private func estimatedLength(_ entry: AuditEntry) -> Int {
        let linked = AuditChain.linked(entry.jsonLine, previous: AuditChain.genesis, at: next)
        return linked.utf8.count + (keyFile == nil ? 0 : AuditChain.macMemberLength) + 1
    }

    private func open() throws(AuditLogError) {
        let opened: FileDescriptor
        do throws(Errno) {
            // O_NOFOLLOW: a symlink planted at the log's name is refused, never written through;
            // so is a FIFO or a socket (a character device such as /dev/null is written to).
            opened = try FileDescriptor.opening(path, .readWrite, options: [.create, .append, .noFollow], permissions: [.ownerReadWrite, .groupRead])
            guard let type = try? opened.stat().mode.type, type == .regular || type == .characterSpecial else {
                opened.closeQuietly()
                throw Errno.tooManySymbolicLinkLevels
            }
        } catch {
            throw AuditLogError(.open, path: path, code: error)
        }
        do throws(OwnFileError) { try OwnFile.check(opened, for: .writing, allowingDevices: true) } catch {
            opened.closeQuietly()
            throw AuditLogError(.notOwn(error), path: path, code: .notPermitted)
        }
        file = opened
        if previous == nil { try readChainEnd() }
    }

    /// The open file; EBADF when it is closed.
    private func openFile() throws(Errno) -> FileDescriptor {
        guard let file else { throw Errno.badFileDescriptor }
        return file
    }

    /// Finds the last complete line of the file (or of `path.1` when the file is empty),
    /// cutting off a partial line after it, and takes its digest as the next link.
    private func readChainEnd() throws(AuditLogError) {
        let size = try currentSize()
        guard let file else { throw AuditLogError(.status, path: path, code: .badFileDescriptor) }
        let tail = try Self.lastLine(file, size: size, path: path)
        if tail.end < size {
            do throws(Errno) { try file.truncate(to: tail.end) } catch { throw AuditLogError(.write, path: path, code: error) }
            repairedBytes = size - tail.end
        }
        if let line = tail.line {
            previous = AuditChain.digest(line)
            if let position = Self.position(of: line) { next = AuditChain.Position(sequence: position.sequence, line: position.line + 1) }
        } else if let rotated = try? FileDescriptor.opening(Self.rotatedPath(path, 1), .readOnly, options: .noFollow) {
            defer { rotated.closeQuietly() }
            let rotatedSize = (try? rotated.stat()).map { Int($0.size) } ?? 0
            let line = (try? Self.lastLine(rotated, size: rotatedSize, path: path))?.line
            previous = line.map { AuditChain.digest($0) } ?? AuditChain.genesis
            if let position = line.flatMap({ Self.position(of: $0) }) { next = AuditChain.Position(sequence: position.sequence + 1, line: position.line + 1) }
        } else {
            previous = AuditChain.genesis
        }
        try catchUpKey()
    }

    /// Brings the key file and the numbering together: a key behind the log (a stop between
    /// a line and its key's update) evolves forward; a key ahead of it means lines were cut
    /// from the end, recorded in `missingLines`, and numbering goes on from the key.
    private func catchUpKey() throws(AuditLogError) {
        guard let keyFile else { return }
        if keyFile.key.line > next.line {
            missingLines = next.line...(keyFile.key.line - 1)
            next.line = keyFile.key.line
        }
        try keyFile.moveTo(line: next.line)
    }

    private static func position(of line: [UInt8]) -> AuditChain.Position? {
        String(validating: line, as: UTF8.self).flatMap { AuditChain.link(of: $0) }?.position
    }

    /// The last newline-terminated line of the open file `descriptor` of `size` bytes, and
    /// where the complete lines end (`size` unless a partial line follows them). Reads
    /// backwards at most 1 MiB.
    static func lastLine(_ file: FileDescriptor, size: Int, path: String) throws(AuditLogError) -> (line: [UInt8]?, end: Int) {
        let newline = UInt8(ascii: "\n")
        var start = size
        var collected: [UInt8] = []
        var marks: [Int] = []
        while start > 0, marks.count < 2, collected.count < 1 << 20 {
            let from = max(0, start - 4096)
            let buffer: [UInt8]
            do throws(Errno) { buffer = try file.readExactly(start - from, at: from) } catch { throw AuditLogError(.status, path: path, code: error) }
            collected = buffer + collected
            start = from
            marks = collected.indices.filter { collected[$0] == newline }
        }
        guard let last = marks.last else { return (nil, start == 0 ? 0 : size) }
        let end = start + last + 1
        if marks.count >= 2 { return (Array(collected[(marks[marks.count - 2] + 1)..<last]), end) }
        return (start == 0 ? Array(collected[..<last]) : nil, end)
    }

    private func currentSize() throws(AuditLogError) -> Int {
        do throws(Errno) { return try Int(openFile().stat().size) } catch { throw AuditLogError(.status, path: path, code: error) }
    }

    /// Writes `line` with one write(2); when the file does not take all of it, cuts the file
    /// back to `size` (its length before) and throws.
    private func write(_ line: [UInt8], restoring size: Int) throws(AuditLogError) {
        let written: Int
        do throws(Errno) {
            written = try openFile().writeSome(line[...])
        } catch {
            throw AuditLogError(.write, path: path, code: error)
        }
        guard written != line.count else { return }
        if written > 0 { try? file?.truncate(to: size) }
        throw AuditLogError(.write, path: path, code: .noSpace)
    }

    /// Shifts the rotated files up by one, dropping the oldest, and moves the current file to
    /// `path.1` (or removes it when no rotated files are kept); the directory is synced so the
    /// renames survive a power cut.
    private func rotate() throws(AuditLogError) {
        close()
        defer { syncDirectory() }
        guard keep > 0 else {
            guard unlink(path) == 0 || errno == ENOENT else { throw AuditLogError(.rotate(from: path, to: nil), path: path, code: Errno(rawValue: errno)) }
            return
        }
        for number in stride(from: keep - 1, through: 1, by: -1) {
            let source = Self.rotatedPath(path, number)
            let target = Self.rotatedPath(path, number + 1)
            guard rename(source, target) == 0 || errno == ENOENT else {
                throw AuditLogError(.rotate(from: source, to: target), path: path, code: Errno(rawValue: errno))
            }
        }
        let first = Self.rotatedPath(path, 1)
        guard rename(path, first) == 0 || errno == ENOENT else { throw AuditLogError(.rotate(from: path, to: first), path: path, code: Errno(rawValue: errno)) }
    }

    private func syncDirectory() {
        guard let directory = try? FileDescriptor.opening(PathText.directory(of: path), .readOnly, options: .directory) else { return }
        try? directory.sync()
        directory.closeQuietly()
    }
}
