import DoorRecords
import FleetUplink
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The audit cursor file")
struct AuditCursorFileTests {
    static let cursor = AuditCursor(line: 1234, sequence: 7, digest: Array(0..<32))

    @Test func aSavedCursorReadsBackTheSame() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let file = AuditCursorFile(directory: directory.path)
        try file.save(Self.cursor)
        #expect(try file.load() == Self.cursor)
        #expect(directory.read(AuditCursorFile.fileName) == "{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":1234,\"seq\":7,\"hash\":\"000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F\"}\n")
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        try file.save(AuditCursor(line: 1235, sequence: 7, digest: Array(repeating: 9, count: 32)))
        #expect(try file.load()?.line == 1235)
        #expect(directory.names() == [AuditCursorFile.fileName])
    }

    @Test func noFileMeansNoCursor() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        #expect(try AuditCursorFile(directory: directory.path).load() == nil)
    }

    @Test(arguments: [
        ("", "it is not a JSON object"),
        ("{\"format\":\"pn532ctl-audit-cursor/2\",\"line\":1,\"seq\":1,\"hash\":\"" + String(repeating: "00", count: 32) + "\"}", "\"format\""),
        ("{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":0,\"seq\":1,\"hash\":\"" + String(repeating: "00", count: 32) + "\"}", "\"line\""),
        ("{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":-3,\"seq\":1,\"hash\":\"" + String(repeating: "00", count: 32) + "\"}", "\"line\""),
        ("{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":99999999999999999999,\"seq\":1,\"hash\":\"" + String(repeating: "00", count: 32) + "\"}", "\"line\""),
        ("{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":3,\"hash\":\"" + String(repeating: "00", count: 32) + "\"}", "\"seq\""),
        ("{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":3,\"seq\":1,\"hash\":\"00\"}", "\"hash\""),
        ("{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":3,\"seq\":1,\"hash\":\"" + String(repeating: "0g", count: 32) + "\"}", "\"hash\""),
        ("{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":3,\"seq\":1,\"hash\":\"" + String(repeating: "00", count: 32) + "\"", "it is not a JSON object"),
    ])
    func aCorruptFileIsAnErrorNamingItAndWhatToDo(text: String, problem: String) throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(AuditCursorFile.fileName, text)
        let file = AuditCursorFile(directory: directory.path)
        let error = #expect(throws: AuditCursorFileError.self) { try file.load() }
        #expect(error?.path == file.path)
        #expect(error?.problem.contains(problem) == true, "\(String(describing: error))")
        #expect(error?.description.contains(file.path) == true)
        #expect(error?.description.contains("remove it to publish the audit log again from its oldest line") == true)
    }

    @Test func aFileLargerThanACursorIsRefusedWithoutReadingIt() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(AuditCursorFile.fileName, Self.cursor.fileText + String(repeating: " ", count: AuditCursorFile.sizeLimit))
        let error = #expect(throws: AuditCursorFileError.self) { try AuditCursorFile(directory: directory.path).load() }
        #expect(error?.problem == "it is larger than \(AuditCursorFile.sizeLimit) bytes, so not an audit cursor")
    }

    @Test func aSymlinkIsNeitherFollowedNorReplaced() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("elsewhere", Self.cursor.fileText)
        #expect(symlink(directory.file("elsewhere"), directory.file(AuditCursorFile.fileName)) == 0)
        let file = AuditCursorFile(directory: directory.path)
        let error = #expect(throws: AuditCursorFileError.self) { try file.load() }
        #expect(error?.problem == "it is a symbolic link, never followed")
        #expect(throws: AuditCursorFileError.self) { try file.save(Self.cursor) }
        #expect(directory.read("elsewhere") == Self.cursor.fileText)
    }
}
