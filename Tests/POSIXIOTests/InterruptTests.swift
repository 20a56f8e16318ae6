import POSIXIO
import Synchronization
import SystemPackage
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real signal during a real blocking system call: the layer carries on as if none came.
@Suite(.serialized)
struct InterruptTests {
    init() {
        SignalCounter.install()
    }

    @Test func readInterruptedBySignalIsRetriedAndGetsTheData() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { writeEnd.closeQuietly(); readEnd.closeQuietly() }
        let outcome = Mutex<Result<[UInt8], Errno>?>(nil)
        let reader = try BlockedThread.start {
            let result = Result { () throws(Errno) in try readEnd.readSome(upTo: 16) }
            outcome.withLock { $0 = result }
        }
        let before = deliveredSignals.load(ordering: .sequentiallyConsistent)
        #expect(reader.waitUntilBlocked(in: .read, on: readEnd.rawValue))
        reader.send(SIGUSR1)
        #expect(SignalCounter.waitUntilDelivered(before + 1))
        // Blocked again: the interrupted read was retried, not returned.
        #expect(reader.waitUntilBlocked(in: .read, on: readEnd.rawValue))
        try writeEnd.writeEverything([1, 2, 3])
        reader.join()
        #expect(try outcome.withLock { $0 }?.get() == [1, 2, 3])
    }

    @Test func pollInterruptedBySignalReturnsNothingReady() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { writeEnd.closeQuietly(); readEnd.closeQuietly() }
        let outcome = Mutex<(ready: Int, events: Int16)?>(nil)
        let waiter = try BlockedThread.start {
            var entries = [Poll.entry(readEnd.rawValue, POLLIN)]
            let ready = (try? Poll.wait(&entries, timeout: nil)) ?? -1
            outcome.withLock { $0 = (ready, entries[0].revents) }
        }
        let before = deliveredSignals.load(ordering: .sequentiallyConsistent)
        #expect(waiter.waitUntilBlocked(in: .ppoll, on: nil))
        waiter.send(SIGUSR1)
        #expect(SignalCounter.waitUntilDelivered(before + 1))
        // Had the wait not ended with the signal, this byte would end it with one entry ready.
        try writeEnd.writeEverything([1])
        waiter.join()
        let result = outcome.withLock { $0 }
        #expect(result?.ready == 0)
        #expect(result?.events == 0)
    }

    @Test func writeCutShortBySignalIsContinuedToTheLastByte() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { writeEnd.closeQuietly(); readEnd.closeQuietly() }
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let outcome = Mutex<Errno??>(nil)
        let writer = try BlockedThread.start {
            let result = Result { () throws(Errno) in try writeEnd.writeEverything(bytes) }
            outcome.withLock { $0 = .some(result.failure) }
        }
        let before = deliveredSignals.load(ordering: .sequentiallyConsistent)
        #expect(writer.waitUntilBlocked(in: .write, on: writeEnd.rawValue))
        writer.send(SIGUSR1)
        #expect(SignalCounter.waitUntilDelivered(before + 1))
        var received: [UInt8] = []
        while received.count < bytes.count {
            var entries = [Poll.entry(readEnd.rawValue, POLLIN)]
            if try Poll.wait(&entries, timeout: .milliseconds(100)) == 0 {
                if writer.isFinished { break }  // it stopped short: nothing more will come
                continue
            }
            received += try readEnd.readSome(upTo: 1 << 16)
        }
        writer.join()
        #expect(outcome.withLock { $0 } == .some(nil))
        #expect(received == bytes)
    }
}

extension Result {
    /// The error, nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
