import Basics
import TestSupport
import Testing
@testable import DoorRecords

#if canImport(Glibc)
import Glibc
#endif

@Suite("The audit log file")
struct AuditLogTests {
    static func entry(_ number: Int) -> AuditEntry {
        AuditEntry(
            time: AuditTime(epochSeconds: 1_795_332_665 + Int64(number)), event: .decision, uid: [0x04, UInt8(number)],
            user: "user\(number)", granted: number.isMultiple(of: 2), rule: "r", reason: "entry \(number)")
    }

    /// The lines of entries `numbers`, chained and numbered as a log written from entry 1 has
    /// them, line N in the file of rotation sequence `sequence(N)`.
    static func lines(_ numbers: ClosedRange<Int>, sequence: (Int) -> Int = { _ in 1 }) -> String {
        var previous = AuditChain.genesis
        var text = ""
        for number in 1...numbers.upperBound {
            let line = AuditChain.linked(entry(number).jsonLine, previous: previous, at: AuditChain.Position(sequence: sequence(number), line: number))
            previous = AuditChain.digest(Array(line.utf8))
            if numbers.contains(number) { text += line + "\n" }
        }
        return text
    }

    /// The rotation sequence of line N in a log of two lines a file.
    static func twoAFile(_ line: Int) -> Int { (line + 1) / 2 }
    /// The rotation sequence of line N in a log of one line a file.
    static func oneAFile(_ line: Int) -> Int { line }

    @Test func eachEntryIsAppendedAsOneLine() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 1 << 20, keep: 3)
        try log.append(Self.entry(1))
        try log.append(Self.entry(2))
        #expect(directory.read("audit.jsonl") == Self.lines(1...2))
        #expect(directory.names() == ["audit.jsonl"])
    }

    @Test func theFileIsCreatedReadableByOwnerAndGroupOnly() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        _ = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 1 << 20, keep: 3)
        var status = stat()
        #expect(stat(directory.file("audit.jsonl"), &status) == 0)
        #expect(status.st_mode & 0o777 & ~0o640 == 0)
        #expect(status.st_mode & 0o600 == 0o600)
    }

    @Test func anExistingLogIsContinued() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("audit.jsonl", Self.lines(1...2))
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 1 << 20, keep: 3)
        try log.append(Self.entry(3))
        #expect(directory.read("audit.jsonl") == Self.lines(1...3))
    }

    @Test func aMissingDirectoryIsAnErrorNamingIt() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("missing/audit.jsonl")
        let error = #expect(throws: AuditLogError.self) { try AuditLog(path: path, maxBytes: 100, keep: 1) }
        #expect(error == AuditLogError(.open, path: path, code: .noSuchFileOrDirectory))
        #expect(error?.description.contains("directory \(directory.file("missing")) does not exist") == true)
        #expect(directory.names().isEmpty)
    }

    /// Every line is the same length here, so `maxBytes` of two and a half lines keeps two
    /// entries a file.
    @Test func rotationKeepsTheNewestFilesAndDropsTheOldest() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let lineLength = Self.lines(1...1).utf8.count
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: lineLength * 5 / 2, keep: 2)
        for number in 1...7 { try log.append(Self.entry(number)) }
        #expect(directory.names() == ["audit.jsonl", "audit.jsonl.1", "audit.jsonl.2"])
        #expect(directory.read("audit.jsonl.2") == Self.lines(3...4, sequence: Self.twoAFile))
        #expect(directory.read("audit.jsonl.1") == Self.lines(5...6, sequence: Self.twoAFile))
        #expect(directory.read("audit.jsonl") == Self.lines(7...7, sequence: Self.twoAFile))
    }

    @Test func aFileIsNeverRotatedPastMaxBytes() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let lineLength = Self.lines(1...1).utf8.count
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: lineLength * 2, keep: 1)
        for number in 1...2 { try log.append(Self.entry(number)) }
        #expect(directory.names() == ["audit.jsonl"])
        try log.append(Self.entry(3))
        #expect(directory.read("audit.jsonl.1") == Self.lines(1...2, sequence: Self.twoAFile))
        #expect(directory.read("audit.jsonl") == Self.lines(3...3, sequence: Self.twoAFile))
    }

    @Test func anEntryLargerThanMaxBytesStillGoesIntoAnEmptyFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 10, keep: 1)
        try log.append(Self.entry(1))
        try log.append(Self.entry(2))
        #expect(directory.read("audit.jsonl.1") == Self.lines(1...1, sequence: Self.oneAFile))
        #expect(directory.read("audit.jsonl") == Self.lines(2...2, sequence: Self.oneAFile))
    }

    @Test func keepingNoRotatedFilesStartsAfresh() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 10, keep: 0)
        for number in 1...3 { try log.append(Self.entry(number)) }
        #expect(directory.names() == ["audit.jsonl"])
        #expect(directory.read("audit.jsonl") == Self.lines(3...3, sequence: Self.oneAFile))
    }

    @Test func aFailedRotationStillWritesTheEntry() throws {
        let directory = try ScratchDirectory()
        defer {
            rmdir(directory.file("audit.jsonl.1/occupied"))
            rmdir(directory.file("audit.jsonl.1"))
            directory.remove()
        }
        #expect(mkdir(directory.file("audit.jsonl.1"), 0o700) == 0)
        #expect(mkdir(directory.file("audit.jsonl.1/occupied"), 0o700) == 0)
        let path = directory.file("audit.jsonl")
        let log = try AuditLog(path: path, maxBytes: 10, keep: 1)
        try log.append(Self.entry(1))
        let error = #expect(throws: AuditLogError.self) { try log.append(Self.entry(2)) }
        guard case let .rotate(source, target)? = error?.operation else {
            Issue.record("expected a rotation error, got \(String(describing: error))")
            return
        }
        #expect(source == path)
        #expect(target == directory.file("audit.jsonl.1"))
        #expect(error?.path == path)
        #expect(directory.read("audit.jsonl") == Self.lines(1...2))
    }

    @Test func aFailedWriteIsThrownWithThePathAndErrno() throws {
        let log = try AuditLog(path: "/dev/full", maxBytes: 1 << 20, keep: 1)
        let error = #expect(throws: AuditLogError.self) { try log.append(Self.entry(1)) }
        #expect(error == AuditLogError(.write, path: "/dev/full", code: .noSpace))
        #expect(error?.description.contains("/dev/full") == true)
        #expect(error?.description.contains("errno \(ENOSPC)") == true)
    }

    /// Writing to /dev/null succeeds but it cannot be fsync'd: the flush after each entry is
    /// really made, and its failure reported.
    @Test func everyEntryIsFlushedToDisk() throws {
        let log = try AuditLog(path: "/dev/null", maxBytes: 1 << 20, keep: 1)
        let error = #expect(throws: AuditLogError.self) { try log.append(Self.entry(1)) }
        #expect(error == AuditLogError(.sync, path: "/dev/null", code: .invalidArgument))
    }

    @Test func theLogReopensAfterClose() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 1 << 20, keep: 1)
        try log.append(Self.entry(1))
        log.close()
        try log.append(Self.entry(2))
        #expect(directory.read("audit.jsonl") == Self.lines(1...2))
    }

    @Test func aPartialLastLineIsCutOffWhenTheLogIsOpened() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let partial = "{\"time\":\"2026-"
        try directory.write("audit.jsonl", Self.lines(1...2) + partial)
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 1 << 20, keep: 1)
        #expect(log.repairedBytes == partial.utf8.count)
        try log.append(Self.entry(3))
        #expect(directory.read("audit.jsonl") == Self.lines(1...3))
    }

    @Test func aNewFileAfterRotationLinksToTheRotatedFilesLastLine() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("audit.jsonl.1", Self.lines(1...2))
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 1 << 20, keep: 1)
        try log.append(Self.entry(3))
        #expect(directory.read("audit.jsonl") == Self.lines(3...3, sequence: Self.twoAFile))
    }
}
