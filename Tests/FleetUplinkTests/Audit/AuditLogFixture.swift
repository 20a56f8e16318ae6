import Basics
import DoorRecords
import FleetUplink
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A real audit log in a scratch directory, written by DoorRecords' `AuditLog` and rotated by
/// its own limits: `linesAFile` lines of equal length to a file, `keep` rotated files.
final class AuditLogFixture {
    let directory: ScratchDirectory
    let path: String
    let keep: Int
    private(set) var log: AuditLog
    private(set) var written = 0

    init(linesAFile: Int = 3, keep: Int = 5) throws {
        directory = try ScratchDirectory()
        path = directory.file("audit.jsonl")
        self.keep = keep
        // Entries 1…99999 give lines of one length (user and reason padded to five digits).
        let lineLength = AuditChain.linked(Self.entry(1).jsonLine, previous: AuditChain.genesis, at: .init(sequence: 1, line: 1)).utf8.count + 1
        log = try AuditLog(path: path, maxBytes: lineLength * linesAFile + lineLength / 2, keep: keep)
    }

    deinit {
        directory.remove()
    }

    static func entry(_ number: Int) -> AuditEntry {
        let padded = String(repeating: "0", count: max(0, 5 - String(number).count)) + String(number)
        return AuditEntry(
            time: AuditTime(epochSeconds: 1_795_332_665 + Int64(number)), event: .decision, uid: [0x04, 0x11],
            user: "user\(padded)", granted: true, rule: "r", reason: "entry \(padded)")
    }

    /// Appends entries until the log has `count` lines more.
    func append(_ count: Int) throws {
        for _ in 0..<count {
            written += 1
            try log.append(Self.entry(written))
        }
    }

    /// Reopens the log as a door restart does.
    func restartDoor() throws {
        log.close()
        log = try AuditLog(path: path, maxBytes: log.maxBytes, keep: keep)
    }

    /// The bytes of the files as they are now, newest line last, without newlines.
    func storedLines() -> [[UInt8]] {
        let files = AuditLogReader(path: path).files()
        return files.flatMap { file in
            (directory.read(String(file.dropFirst(directory.path.count + 1))) ?? "").split(separator: "\n").map { Array($0.utf8) }
        }
    }

    /// Appends raw bytes to the current file, as a writer in the middle of a line leaves it.
    func appendRaw(_ bytes: [UInt8]) {
        let descriptor = open(path, O_WRONLY | O_APPEND)
        precondition(descriptor >= 0)
        defer { close(descriptor) }
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}

extension [AuditFollower.Event] {
    /// The line numbers handed out.
    var lineNumbers: [Int] {
        compactMap { event in
            if case .line(let line) = event { line.position.line } else { nil }
        }
    }

    /// The lines handed out.
    var lines: [AuditFollower.Line] {
        compactMap { event in
            if case .line(let line) = event { line } else { nil }
        }
    }

    /// The gaps reported.
    var gaps: [ClosedRange<Int>] {
        compactMap { event in
            if case .gap(let range) = event { range } else { nil }
        }
    }
}

extension AuditFollower {
    /// Every event until a look finds nothing new, `limit` lines a look.
    func drain(limit: Int = 1000) throws -> [Event] {
        var events: [Event] = []
        while true {
            let more = try next(limit: limit)
            if more.isEmpty { return events }
            events += more
        }
    }
}
