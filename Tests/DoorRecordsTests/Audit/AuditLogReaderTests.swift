import Basics
import TestSupport
import Testing
@testable import DoorRecords

#if canImport(Glibc)
import Glibc
#endif

@Suite("Reading the audit log back")
struct AuditLogReaderTests {
    static func line(_ number: Int) -> String { AuditLogTests.entry(number).jsonLine }

    static func read(_ path: String) throws -> (lines: [AuditLogLine], corrupt: Int) {
        var lines: [AuditLogLine] = []
        let corrupt = try AuditLogReader(path: path).forEachLine { lines.append($0) }
        return (lines, corrupt)
    }

    @Test func rotatedFilesComeFirstOldestFirst() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("audit.jsonl.2", Self.line(1) + "\n" + Self.line(2) + "\n")
        try directory.write("audit.jsonl.1", Self.line(3) + "\n")
        try directory.write("audit.jsonl", Self.line(4) + "\n")
        let path = directory.file("audit.jsonl")
        #expect(AuditLogReader(path: path).files() == [path + ".2", path + ".1", path])
        let result = try Self.read(path)
        #expect(result.lines.map(\.entry) == (1...4).map(AuditLogTests.entry))
        #expect(result.lines.map(\.text) == (1...4).map(Self.line))
        #expect(result.corrupt == 0)
    }

    @Test func whatWasWrittenReadsBack() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let log = try AuditLog(path: directory.file("audit.jsonl"), maxBytes: Self.line(1).utf8.count * 3, keep: 9)
        for number in 1...10 { try log.append(AuditLogTests.entry(number)) }
        #expect(try Self.read(directory.file("audit.jsonl")).lines.map(\.entry) == (1...10).map(AuditLogTests.entry))
    }

    @Test func corruptLinesAreSkippedAndCounted() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let invalidUTF8 = String(decoding: [0x7B, 0xFF, 0x7D], as: UTF8.self)
        try directory.write("audit.jsonl.1", "not json\n" + Self.line(1) + "\n\n   \n")
        try directory.write("audit.jsonl", Self.line(2) + "\n" + invalidUTF8 + "\n" + String(Self.line(3).prefix(40)))
        let result = try Self.read(directory.file("audit.jsonl"))
        #expect(result.lines.map(\.entry) == [AuditLogTests.entry(1), AuditLogTests.entry(2)])
        #expect(result.corrupt == 3)
    }

    @Test func aLastLineWithoutNewlineIsRead() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("audit.jsonl", Self.line(1) + "\n" + Self.line(2))
        #expect(try Self.read(directory.file("audit.jsonl")).lines.count == 2)
    }

    @Test func rotatedFilesAloneAreRead() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("audit.jsonl.1", Self.line(1) + "\n")
        #expect(try Self.read(directory.file("audit.jsonl")).lines.map(\.entry) == [AuditLogTests.entry(1)])
    }

    @Test func aMissingLogIsAnError() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("audit.jsonl")
        let error = #expect(throws: AuditLogReadError.self) { try Self.read(path) }
        #expect(error == AuditLogReadError(path: path, code: .noSuchFileOrDirectory))
    }

    @Test func linesLongerThanTheReadBufferAreWhole() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let long = AuditEntry(time: AuditTime(epochSeconds: 0), event: .config, reason: String(repeating: "x", count: 200_000))
        try directory.write("audit.jsonl", long.jsonLine + "\n" + Self.line(1) + "\n")
        #expect(try Self.read(directory.file("audit.jsonl")).lines.map(\.entry) == [long, AuditLogTests.entry(1)])
    }
}
