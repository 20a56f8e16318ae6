import TestSupport
import Testing
import DoorRecords

#if canImport(Glibc)
import Glibc
#endif

/// A symlink (or a FIFO), a second name for another file, or another account's file planted
/// at the audit log's name is refused with an error naming the path, never written through.
@Suite("The audit log refuses a planted symlink, hard link or another account's file")
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

    /// A hard link at the log's name is another file's second name: appending would write that
    /// file (protected_hardlinks stops this for other accounts' files, not for the door's own).
    @Test func aHardLinkAtTheLogIsRefusedAndTheOtherFileUntouched() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("target", "precious\n")
        let path = directory.file("audit.jsonl")
        #expect(link(directory.file("target"), path) == 0)
        let error = #expect(throws: AuditLogError.self) { try AuditLog(path: path, maxBytes: 1 << 20, keep: 1) }
        #expect(error?.description.contains("it has 2 names (hard links)") == true, "\(String(describing: error))")
        #expect(directory.read("target") == "precious\n")
    }

    /// A log another account owns is refused: the door does not extend another's file.
    @Test(.enabled(if: geteuid() == 0, "chown needs root"))
    func aLogOwnedByAnotherAccountIsRefused() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("audit.jsonl", "")
        let path = directory.file("audit.jsonl")
        #expect(chown(path, 4242, 4242) == 0)
        let error = #expect(throws: AuditLogError.self) { try AuditLog(path: path, maxBytes: 1 << 20, keep: 1) }
        #expect(error?.description.contains("owned by uid 4242, not by uid 0") == true, "\(String(describing: error))")
        #expect(directory.read("audit.jsonl") == "")
    }
}
