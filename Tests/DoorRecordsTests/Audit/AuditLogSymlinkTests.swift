import TestSupport
import Testing
import DoorRecords

#if canImport(Glibc)
import Glibc
#endif

/// A symlink (or a FIFO) planted at the audit log's name is refused with
/// an error naming the path, never written through.
@Suite("The audit log refuses a planted symlink")
struct AuditLogSymlinkTests {
    @Test func aSymlinkAtTheLogIsRefusedAndItsTargetUntouched() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("target", "precious\n")
        let path = directory.file("audit.jsonl")
        #expect(symlink(directory.file("target"), path) == 0)
        let error = #expect(throws: AuditLogError.self) { try AuditLog(path: path, maxBytes: 1 << 20, keep: 1) }
        #expect(error == AuditLogError(.open, path: path, code: .tooManySymbolicLinkLevels))
        #expect(error?.description.contains("\(path) is a symbolic link, a FIFO or a socket") == true)
        #expect(directory.read("target") == "precious\n")
        #expect(directory.names() == ["audit.jsonl", "target"])
    }

    @Test func aFIFOAtTheLogIsRefused() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("audit.jsonl")
        #expect(mkfifo(path, 0o600) == 0)
        let error = #expect(throws: AuditLogError.self) { try AuditLog(path: path, maxBytes: 1 << 20, keep: 1) }
        #expect(error == AuditLogError(.open, path: path, code: .tooManySymbolicLinkLevels))
    }
}
