import POSIXIO
import SystemPackage
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("OwnFile.read: a file the process keeps for itself, bounded, never through a symlink")
struct OwnFileReadTests {
    @Test func itsBytesNilWhenMissingAndEachRefusalNamed() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        #expect(try OwnFile.read(directory.file("missing"), limit: 16) == nil)
        try directory.write("state", "0123456789")
        #expect(try OwnFile.read(directory.file("state"), limit: 10) == Array("0123456789".utf8))
        #expect(throws: OwnFileReadError.tooLarge(limit: 9)) { try OwnFile.read(directory.file("state"), limit: 9) }
        #expect(symlink(directory.file("state"), directory.file("link")) == 0)
        #expect(throws: OwnFileReadError.symbolicLink) { try OwnFile.read(directory.file("link"), limit: 16) }
        #expect(mkfifo(directory.file("fifo"), 0o600) == 0)
        guard case .notOwn? = Self.error(directory.file("fifo")) else { Issue.record("a FIFO was read"); return }
    }

    static func error(_ path: String) -> OwnFileReadError? {
        do { _ = try OwnFile.read(path, limit: 16) } catch { return error }
        return nil
    }
}
