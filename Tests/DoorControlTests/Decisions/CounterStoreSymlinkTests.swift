import DoorControl
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A symlink planted at the counter file is refused, never followed nor replaced; nor read
/// through: counters read from another file could be rolled back.
@Suite("Counter store: planted symlinks")
struct CounterStoreSymlinkTests {
    @Test func aSymlinkAtTheCounterFileIsRefusedAndItsTargetUntouched() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("target", "precious\n")
        let path = directory.file("counters")
        #expect(symlink(directory.file("target"), path) == 0)
        let error = #expect(throws: CounterStoreError.self) { try CounterStore(path: path).save([:]) }
        #expect(error?.description.contains("\(path) is a symbolic link or not a regular file") == true, "\(String(describing: error))")
        #expect(directory.read("target") == "precious\n")
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link is left as it was")
        #expect(directory.names() == ["counters", "target"], "no temporary file is left behind")
    }

    @Test func aSymlinkAtTheCounterFileIsNotReadThrough() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let saved = directory.file("saved")
        try CounterStore(path: saved).save([:])
        let path = directory.file("counters")
        #expect(symlink(saved, path) == 0)
        let error = #expect(throws: CounterStoreError.self) { try CounterStore(path: path).load() }
        #expect(error?.description.contains("it is a symbolic link: it is never followed") == true, "\(String(describing: error))")
    }
}
