import Basics
import FileInput
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The last SDMReadCtr accepted for each tag's UID, on disk, so that a stored SUN URL sent again
/// is refused (NTAG 424 DNA data sheet §9.3: "a minimum requirement any verifier should
/// implement").
///
/// The first line is ``header``; every other line is `UIDHEX<TAB>COUNTER` (14 upper-case hex
/// digits, a decimal counter). ``accept(_:)`` holds an exclusive lock on `PATH.lock` while it
/// reads, compares and writes, so verifiers running at once never both accept one counter; the
/// file is replaced atomically (`AtomicCreate`), and only for a fresh message. A missing file
/// is no counters yet: deleting it forgets every counter, so keep it with the keys.
public struct SUNCounterFile: Sendable {
    /// The file.
    public let path: String
    /// The first line of the file.
    static let header = "# pn532ctl sun counters v1: UID<TAB>COUNTER"
    /// The largest file read: a million tags.
    static let limit = InputLimit(bytes: 32 << 20, for: "a SUN counter file")

    /// The store at `path`.
    public init(path: String) {
        self.path = path
    }

    /// Whether a message's counter is above the last accepted for its UID.
    public enum Freshness: Hashable, Sendable {
        /// Above the last accepted one (`previous`; nil: the UID's first message); now recorded.
        case fresh(previous: UInt32?)
        /// Not above `lastAccepted`: a replay (or an older message); nothing was written.
        case replayed(lastAccepted: UInt32)
    }

    /// Records `message`'s counter when it is above the last accepted one for its UID.
    ///
    /// - Throws: ``SUNCounterFileError`` when the file cannot be locked, read, parsed or
    ///   replaced; the file is then as it was.
    public func accept(_ message: SUNMessage) throws(SUNCounterFileError) -> Freshness {
        let lock = try locked()
        defer { lock.closeQuietly() }
        var counters = try load()
        let uid = Hex.encode(message.uid)
        if let last = counters[uid], message.counter <= last { return .replayed(lastAccepted: last) }
        let previous = counters[uid]
        counters[uid] = message.counter
        try save(counters)
        return .fresh(previous: previous)
    }

    /// The counters in the file, by upper-case hex UID; none when there is no file.
    ///
    /// - Throws: ``SUNCounterFileError`` when it cannot be read or a line is not `UID<TAB>COUNTER`.
    public func load() throws(SUNCounterFileError) -> [String: UInt32] {
        let bytes: [UInt8]
        do throws(FileInputError) { bytes = try InputFile.read(path, limit: Self.limit) } catch {
            if error.isMissing { return [:] }
            throw SUNCounterFileError(path: path, error.isPermissionDenied ? .permission : error.isOverLimit ? .malformed : .unreadable, "\(error)")
        }
        var counters: [String: UInt32] = [:]
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if index == 0, line.starts(with: Self.header.utf8.prefix(24)) { continue }
            guard !line.isEmpty else { continue }
            guard let (uid, counter) = Self.entry(line), counters[uid] == nil else {
                throw SUNCounterFileError(path: path, .malformed, "line \(index + 1) is not UID<TAB>COUNTER (14 hex digits, a decimal number below 16777216) or repeats a UID: fix or restore the file")
            }
            counters[uid] = counter
        }
        return counters
    }

    /// One line's UID and counter.
    private static func entry(_ line: ArraySlice<UInt8>) -> (String, UInt32)? {
        let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard fields.count == 2, fields[0].count == 2 * SUNVerifier.uidLength, fields[1].count <= 8,
              let uid = Hex.bytes(String(decoding: fields[0], as: UTF8.self)),
              let counter = UInt32(String(decoding: fields[1], as: UTF8.self)), counter <= 0xFF_FFFF
        else { return nil }
        return (Hex.encode(uid), counter)
    }

    /// Replaces the file with `counters`, atomically and durably.
    private func save(_ counters: [String: UInt32]) throws(SUNCounterFileError) {
        let lines = counters.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }
        do throws(AtomicCreateError) {
            try AtomicCreate.create(path, with: Array((Self.header + "\n" + lines.joined()).utf8), permissions: .ownerReadWrite, replacing: true)
        } catch {
            throw SUNCounterFileError(path: path, .write, error.description)
        }
    }

    /// `PATH.lock`, opened (created mode 600 when missing) and locked exclusively; waits while
    /// another verifier holds it (for the moment of its read and write).
    private func locked() throws(SUNCounterFileError) -> FileDescriptor {
        let lockPath = path + ".lock"
        let file: FileDescriptor
        do throws(Errno) {
            file = try .opening(lockPath, .readWrite, options: [.create, .noFollow], permissions: .ownerReadWrite)
        } catch {
            throw SUNCounterFileError(path: path, error == .permissionDenied ? .permission : .write, "cannot open \(lockPath): \(error)")
        }
        do throws(Errno) { try retryingInterrupts { flock(file.rawValue, LOCK_EX) } } catch {
            file.closeQuietly()
            throw SUNCounterFileError(path: path, .write, "cannot lock \(lockPath): \(error)")
        }
        return file
    }
}

/// The SUN counter file could not be locked, read, parsed or replaced.
public struct SUNCounterFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Kind: Hashable, Sendable {
        /// The file or its lock may not be opened.
        case permission
        /// Reading it failed.
        case unreadable
        /// It is not a counter file (a line, or its size).
        case malformed
        /// Locking or replacing it failed.
        case write
    }

    /// The file.
    public var path: String
    /// What kind of failure.
    public var kind: Kind
    /// What went wrong.
    public var reason: String

    /// An error about the file at `path`.
    public init(path: String, _ kind: Kind, _ reason: String) {
        self.path = path
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "counter file \(path): \(reason)" }
}
