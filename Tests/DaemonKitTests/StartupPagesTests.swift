import DaemonKit
import Testing

/// Written before the release and read after: it lives in this program's writable data.
nonisolated(unsafe) private var writtenBeforeRelease = 0

@Suite("Start-up pages: the program's read-only pages given back, nothing it holds changed")
struct StartupPagesTests {
    @Test func givesBackTheProgramsReadOnlyPagesAndKeepsItsWritableData() throws {
        writtenBeforeRelease = 0x5EED
        let onTheHeap = [UInt8](repeating: 0xA5, count: 100_000)
        let released = try StartupPages.release().get()
        #expect(released > 0)
        #expect(released % 4096 == 0)
        #expect(writtenBeforeRelease == 0x5EED)
        #expect(onTheHeap.allSatisfy { $0 == 0xA5 })
        // The code given back runs again, mapped anew from the page cache.
        #expect((1...1000).reduce(0, +) == 500_500)
        #expect(try StartupPages.release().get() == released)
    }
}
