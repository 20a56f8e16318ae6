import Basics
import TestSupport
import Testing
@testable import DoorRecords

#if canImport(Glibc)
import Glibc
#endif

/// Breaks the line and rotation numbers show: lines cut from the end of a rotated file, a
/// deleted rotated file (which hides no older file), and old unkeyed logs still reading.
@Suite("The audit log's numbering")
struct AuditChainBreakTests {
    /// Seven lines, two a file, keeping every file: audit.jsonl.3 (1-2) … audit.jsonl (7).
    static func rotated(in directory: ScratchDirectory) throws {
        let lineLength = AuditLogTests.lines(1...1).utf8.count
        try AuditChainTests.written(7, maxBytes: lineLength * 5 / 2, keep: 5, in: directory)
    }

    @Test func linesCutFromTheEndOfARotatedFileAreAGapNamedInTheNextFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try Self.rotated(in: directory)
        let lines = try #require(directory.read("audit.jsonl.2")).split(separator: "\n")
        try directory.write("audit.jsonl.2", lines[0] + "\n")
        let report = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"))
        #expect(report.broken?.file == directory.file("audit.jsonl.1"))
        #expect(report.broken?.line == 1)
        #expect(report.broken?.reason.hasPrefix("lines 4…4 (1) are missing: cut from the end of the file before") == true, "\(String(describing: report.broken))")
    }

    @Test func aDeletedRotatedFileIsABreakAndHidesNoOlderFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try Self.rotated(in: directory)
        #expect(unlink(directory.file("audit.jsonl.2")) == 0)
        #expect(AuditLogReader(path: directory.file("audit.jsonl")).files() == ["audit.jsonl.3", "audit.jsonl.1", "audit.jsonl"].map(directory.file))
        let report = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"))
        #expect(report.lines == 2, "the oldest file is still checked")
        #expect(report.broken?.file == directory.file("audit.jsonl.1"))
        #expect(report.broken?.reason.hasPrefix("lines 3…4 (2) are missing") == true, "\(String(describing: report.broken))")
        var read = 0
        _ = try AuditLogReader(path: directory.file("audit.jsonl")).forEachLine { _ in read += 1 }
        #expect(read == 5, "door log still shows the older file")
    }

    @Test func aSequenceThatSkipsAFileIsNamed() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let lines = AuditLogTests.lines(1...3, sequence: { $0 == 3 ? 3 : 1 }).split(separator: "\n")
        try directory.write("audit.jsonl.1", lines[0] + "\n" + lines[1] + "\n")
        try directory.write("audit.jsonl", lines[2] + "\n")
        let report = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"))
        #expect(report.broken?.reason.contains("the files of sequence 2…2 are missing") == true, "\(String(describing: report.broken))")
    }

    @Test func anOldUnnumberedLogReadsAndVerifiesAsHashChainOnly() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        var previous = AuditChain.genesis
        var text = ""
        for number in 1...2 {
            var line = AuditLogTests.entry(number).jsonLine
            line.removeLast()
            line += ",\"prev\":\"" + Hex.encode(previous) + "\"}"
            previous = AuditChain.digest(Array(line.utf8))
            text += line + "\n"
        }
        try directory.write("audit.jsonl", text)
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: 1 << 20, keep: 1)
        try log.append(AuditLogTests.entry(3))
        let report = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"))
        #expect(report.broken == nil)
        #expect(report.lines == 3 && report.legacyLines == 2 && report.firstLine == 1)
    }
}
