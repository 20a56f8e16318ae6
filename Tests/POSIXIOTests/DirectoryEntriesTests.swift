import POSIXIO
import SystemPackage
import Testing
import TestSupport

/// `DirectoryEntries`: the names of a directory, sorted, without `.` and `..`; opendir's errno
/// when there is none.
struct DirectoryEntriesTests {
    @Test func namesAreSortedWithoutDotAndDotDot() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        for name in ["b", ".hidden", "a10", "a2"] { try scratch.write(name, "") }
        #expect(try DirectoryEntries.names(in: scratch.path) == [".hidden", "a10", "a2", "b"])
    }

    @Test func aMissingDirectoryOrAFileIsItsErrno() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("file", "")
        #expect(throws: Errno.noSuchFileOrDirectory) { try DirectoryEntries.names(in: scratch.file("none")) }
        #expect(throws: Errno.notDirectory) { try DirectoryEntries.names(in: scratch.file("file")) }
    }
}
