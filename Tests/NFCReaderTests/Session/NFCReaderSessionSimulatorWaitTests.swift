import Basics
import NDEF
import PN532ReaderSimulator
import Synchronization
import Testing
@testable import NFCReader

#if canImport(Glibc)
import Glibc
#endif

/// What the session's own thread (where the delegate is called) had used and when, at one
/// callback.
private struct ThreadMoment: Sendable {
    var thread: pthread_t
    var processorTime: Duration
    var time: MonotonicTime

    static func now() -> ThreadMoment {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return ThreadMoment(thread: pthread_self(), processorTime: .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec), time: .monotonicNow())
    }
}

/// Records the reader thread at the first read and at the invalidation.
private final class MomentDelegate: NFCNDEFReaderSessionDelegate, Sendable {
    let moments = Mutex<(read: ThreadMoment?, invalidated: ThreadMoment?)>((nil, nil))

    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NDEFMessage]) {
        moments.withLock { $0.read = $0.read ?? .now() }
    }

    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error) {
        moments.withLock { $0.invalidated = .now() }
    }
}

/// A session on the in-process simulator (`sim`) waits as on a reader: while its tag stays it
/// sleeps until the session's timeout, on the reader's own thread.
@Suite struct NFCReaderSessionSimulatorWaitTests {
    init() {
        SimulatorKind.register()
    }

    /// The session's thread, from the first read to the timeout's invalidation 2 s later, used
    /// a small share of a processor (a wide bound: a resource check, not a timing test). On the
    /// simulator's virtual clock the timeout passed at once, the thread running flat out.
    @Test func aSessionWaitingForItsTimeoutSleeps() async throws {
        let delegate = MomentDelegate()
        let session = NFCNDEFReaderSession(device: "sim", delegate: delegate, invalidateAfterFirstRead: false, timeout: .seconds(2))
        session.begin()
        let (detections, error) = await collect(session.detections)
        #expect(detections.count == 1)
        #expect(error?.code == .readerSessionInvalidationErrorSessionTimeout)
        let (read, invalidated) = delegate.moments.withLock { ($0.read, $0.invalidated) }
        let first = try #require(read)
        let last = try #require(invalidated)
        #expect(first.thread == last.thread)
        let share = (last.processorTime - first.processorTime) / (last.time - first.time)
        #expect(share < 0.1, "the session's thread used \(share * 100) % of a processor while the tag stayed")
    }
}
