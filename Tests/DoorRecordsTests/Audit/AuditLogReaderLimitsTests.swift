import TestSupport
import Testing
@testable import DoorRecords

@Suite("Reading the audit log back: limits")
struct AuditLogReaderLimitsTests {
    @Test func aLogWithLinesButNoEntryIsAnError() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("audit.jsonl", "not json\n{\"time\":1}\n\u{7F}ELF\n")
        let path = directory.file("audit.jsonl")
        let error = #expect(throws: AuditLogReadError.self) { try AuditLogReaderTests.read(path) }
        #expect(error == AuditLogReadError(path: path, problem: "none of its 3 lines is an audit entry: is it an audit log?"))
        #expect(error?.problem != nil, "the content is at fault, not the system")
    }

    @Test func anEmptyLogIsNoError() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("audit.jsonl", "")
        let result = try AuditLogReaderTests.read(directory.file("audit.jsonl"))
        #expect(result.lines.isEmpty)
        #expect(result.corrupt == 0)
    }

    @Test func aLineOverTheLimitStopsTheReadingNamingFileLineAndLimit() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let long = String(repeating: "x", count: AuditLogReader.lineLimit.bytes + 1)
        try directory.write("audit.jsonl", AuditLogReaderTests.line(1) + "\n" + long + "\n" + AuditLogReaderTests.line(2) + "\n")
        let path = directory.file("audit.jsonl")
        let error = #expect(throws: AuditLogReadError.self) { try AuditLogReaderTests.read(path) }
        #expect(error?.description == "cannot read the audit log \(path): \(path):2: the line is longer than 1048576 bytes, the limit for an audit log line")
    }
}
