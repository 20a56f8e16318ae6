import TestSupport
import Testing
@testable import DoorRecords

@Suite("The audit log's hash chain")
struct AuditChainTests {
    static func written(_ count: Int, maxBytes: Int = 1 << 20, keep: Int = 3, in directory: ScratchDirectory) throws {
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: maxBytes, keep: keep)
        for number in 1...count { try log.append(AuditLogTests.entry(number)) }
    }

    @Test func anUntouchedLogIsIntactAcrossRotatedFiles() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let lineLength = AuditLogTests.lines(1...1).utf8.count
        try Self.written(7, maxBytes: lineLength * 5 / 2, keep: 5, in: directory)
        #expect(directory.names().count == 4)
        let report = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"))
        #expect(report.lines == 7)
        #expect(report.broken == nil)
        #expect(report.startsAtGenesis)
        #expect(report.firstLine == 1 && report.lastLine == 7)
        #expect(report.unkeyedLines == 7 && report.legacyLines == 0)
    }

    @Test func aChangedLineBreaksTheLinkOfTheLineAfterIt() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try Self.written(4, in: directory)
        var lines = try #require(directory.read("audit.jsonl")).split(separator: "\n").map(String.init)
        lines[0] = lines[0].replacing("\"granted\":false", with: "\"granted\":true")
        try directory.write("audit.jsonl", lines.joined(separator: "\n") + "\n")
        let report = try AuditChainVerifier.verify(path: directory.file("audit.jsonl"))
        #expect(report.lines == 1)
        #expect(report.broken?.line == 2, "line 1 was changed: line 2 no longer follows it")
    }

    /// The check reads lines as the reader does, in bounded memory: a line past the reader's
    /// limit is refused, naming it, not gathered whole.
    @Test func aLineLongerThanTheLimitIsRefused() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try Self.written(2, in: directory)
        let log = try #require(directory.read("audit.jsonl"))
        try directory.write("audit.jsonl", log + String(repeating: "x", count: AuditLogReader.lineLimit.bytes + 1))
        let error = #expect(throws: AuditLogReadError.self) { try AuditChainVerifier.verify(path: directory.file("audit.jsonl")) }
        #expect(error?.problem?.contains("audit.jsonl:3: the line is longer than 1048576 bytes") == true, "\(String(describing: error))")
    }

    @Test func aRemovedLineIsSeen() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try Self.written(4, in: directory)
        let lines = try #require(directory.read("audit.jsonl")).split(separator: "\n")
        try directory.write("audit.jsonl", (lines[0..<2] + lines[3...]).joined(separator: "\n") + "\n")
        #expect(try AuditChainVerifier.verify(path: directory.file("audit.jsonl")).broken?.line == 3)
    }

    @Test func aLineWithoutALinkOrNewlineIsABreak() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try Self.written(2, in: directory)
        let text = try #require(directory.read("audit.jsonl"))
        try directory.write("audit.jsonl", text + AuditLogTests.entry(3).jsonLine + "\n")
        #expect(try AuditChainVerifier.verify(path: directory.file("audit.jsonl")).broken?.line == 3)
        try directory.write("audit.jsonl", text + "{\"time\"")
        #expect(try AuditChainVerifier.verify(path: directory.file("audit.jsonl")).broken?.reason.contains("partial") == true)
    }
}
