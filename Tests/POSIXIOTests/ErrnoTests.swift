import POSIXIO
import SystemPackage
import Testing

#if canImport(Glibc)
import Glibc
#endif

struct ErrnoTests {
    @Test func openingAMissingFileThrowsItsErrnoWithTheCLibraryText() {
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try FileDescriptor.opening("/nonexistent-posixio/file", .readOnly)
        }
        #expect(Errno.noSuchFileOrDirectory.description == "No such file or directory")
        #expect(Errno(rawValue: EACCES).description == "Permission denied")
    }

    @Test func retryingInterruptsRepeatsOnlyEINTR() throws {
        var calls = 0
        let result = try retryingInterrupts { () -> Int32 in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 42
        }
        #expect(result == 42)
        #expect(calls == 3)
        #expect(throws: Errno.badFileDescriptor) {
            try retryingInterrupts { () -> Int32 in errno = EBADF; return -1 }
        }
    }

    @Test func pollTimesOutWithNothingReadyAndSeesAReadablePipe() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { readEnd.closeQuietly(); writeEnd.closeQuietly() }
        var entries = [Poll.entry(readEnd.rawValue, POLLIN)]
        #expect(try Poll.wait(&entries, timeout: .zero) == 0)
        try writeEnd.writeEverything([1])
        #expect(try Poll.wait(&entries, timeout: .seconds(-1)) == 1)
        #expect(entries[0].revents & Int16(POLLIN) != 0)
    }

    @Test func pollSkipsANegativeDescriptorAndTakesANegativeTimeoutAsZero() throws {
        var entries = [Poll.entry(-1, POLLIN)]
        #expect(try Poll.wait(&entries, timeout: .zero) == 0)
        #expect(try Poll.wait(&entries, timeout: .milliseconds(-5)) == 0)
    }
}
