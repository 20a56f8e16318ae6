import Basics
import DaemonKit
import NFCCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Event loop: descriptors, deadlines and signals in one wait")
struct EventLoopTests {
    /// A pipe: (read end, write end).
    static func pipe() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw EventLoopTestError.pipe }
        return (ends[0], ends[1])
    }

    @Test func aDeadlineEndsAWaitWithNothingReady() throws {
        let loop = try EventLoop(signals: [SIGUSR2])
        let (reader, writer) = try Self.pipe()
        defer { close(reader); close(writer) }
        let start = MonotonicTime.monotonicNow()
        let wake = try loop.wait(for: [reader], until: start + .milliseconds(20))
        #expect(wake == EventLoop.Wake(readable: [false], signals: []))
        #expect(MonotonicTime.monotonicNow() - start >= .milliseconds(20))
    }

    @Test func aReadableDescriptorIsReportedInItsPlace() throws {
        let loop = try EventLoop(signals: [SIGUSR2])
        let (first, firstWriter) = try Self.pipe()
        let (second, secondWriter) = try Self.pipe()
        defer { for descriptor in [first, firstWriter, second, secondWriter] { close(descriptor) } }
        var byte: UInt8 = 1
        #expect(write(secondWriter, &byte, 1) == 1)
        let wake = try loop.wait(for: [first, second], until: nil)
        #expect(wake.readable == [false, true])
        #expect(wake.anyReadable)
        #expect(EventLoop.readable([first, second]) == [false, true])
    }

    @Test func aSignalArrivesAsDataAndStaysForTheWaitWhenOnlyDescriptorsAreLookedAt() throws {
        let loop = try EventLoop(signals: [SIGUSR2])
        let (reader, writer) = try Self.pipe()
        defer { close(reader); close(writer) }
        #expect(raise(SIGUSR2) == 0)
        #expect(EventLoop.readable([reader]) == [false])
        let wake = try loop.wait(for: [reader], until: nil)
        #expect(wake.signals == [SIGUSR2])
        #expect(try loop.pendingSignals().isEmpty)
    }
}

enum EventLoopTestError: Error {
    case pipe
}
