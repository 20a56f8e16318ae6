import DoorRecords
import FileInput
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// One file of the audit log kept open by the follower, read from a byte offset one complete
/// line at a time. The descriptor stays valid when the door renames or removes the name, so
/// the lines written before a rotation are still read. Bytes after the last newline (a line
/// the door is still writing) are never handed out; they are read again on the next look.
/// Memory is bounded by `AuditLogReader.lineLimit` plus one read.
final class AuditLogTail {
    /// The name the file was opened by, for messages.
    let name: String
    /// Which file it is.
    let identity: AuditLogFileIdentity
    /// Where the next line starts.
    private(set) var offset = 0
    /// True once the log's name was seen to be another file: the door writes no more here.
    var rotatedAway = false

    private let file: FileDescriptor
    /// Bytes read from `offset` on: `storage[scan..<end]` is not handed out yet. The storage
    /// is kept between looks, so an idle look allocates nothing.
    private var storage: [UInt8] = []
    private var scan = 0
    private var end = 0
    private static let chunk = 1 << 16

    /// Opens `name` read-only, never through a symlink; nil when it does not exist.
    ///
    /// - Throws: `AuditFollowerError` when it cannot be opened or is not a regular file.
    init?(opening name: String) throws(AuditFollowerError) {
        let opened: FileDescriptor
        do throws(Errno) { opened = try .opening(name, .readOnly, options: .noFollow) } catch {
            if error == .noSuchFileOrDirectory { return nil }
            throw AuditFollowerError(path: name, .system(error))
        }
        var status = stat()
        guard fstat(opened.rawValue, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            opened.closeQuietly()
            throw AuditFollowerError(path: name, .system(.tooManySymbolicLinkLevels))
        }
        self.name = name
        file = opened
        identity = AuditLogFileIdentity(status)
    }

    deinit {
        file.closeQuietly()
    }

    /// The next complete line (without its newline) and its offset; nil at the end of the
    /// complete lines.
    ///
    /// - Throws: `AuditFollowerError` when reading fails or a line is longer than the limit.
    func nextLine() throws(AuditFollowerError) -> (bytes: ArraySlice<UInt8>, offset: Int)? {
        while true {
            if let newline = storage[scan..<end].firstIndex(of: UInt8(ascii: "\n")) {
                let line = (storage[scan..<newline], offset)
                offset += newline + 1 - scan
                scan = newline + 1
                return line
            }
            guard end - scan <= AuditLogReader.lineLimit.bytes else { throw AuditFollowerError(path: name, .lineTooLong(offset: offset)) }
            guard try readMore() else { return nil }
        }
    }

    /// Bytes after the last complete line: a line being written, or one cut off.
    func pendingBytes() throws(AuditFollowerError) -> Int {
        var status = stat()
        guard fstat(file.rawValue, &status) == 0 else { throw AuditFollowerError(path: name, .system(.latest)) }
        return Int(status.st_size) - offset
    }

    /// Skips the bytes after the last complete line (a partial line left in a rotated file).
    func skipPending() throws(AuditFollowerError) {
        offset += max(0, try pendingBytes())
        forget()
    }

    /// Drops what was read but not handed out, so the next look reads it again (a partial
    /// line is read again whole once the door has finished it).
    func forget() {
        scan = 0
        end = 0
    }

    /// Reads the next bytes of the file after those held; false at its end.
    private func readMore() throws(AuditFollowerError) -> Bool {
        if scan > 0 {
            let held = end - scan
            storage.withUnsafeMutableBytes { raw in
                if let base = raw.baseAddress { memmove(base, base + scan, held) }
            }
            scan = 0
            end = held
        }
        if storage.count < end + Self.chunk { storage += repeatElement(0, count: end + Self.chunk - storage.count) }
        let received: Int
        do {
            received = try storage.withUnsafeMutableBytes { raw in
                try file.read(fromAbsoluteOffset: Int64(offset + end), into: UnsafeMutableRawBufferPointer(rebasing: raw[end..<(end + Self.chunk)]), retryOnInterrupt: true)
            }
        } catch {
            throw AuditFollowerError(path: name, .system((error as? Errno) ?? .ioError))
        }
        end += received
        return received > 0
    }
}
