import Basics
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The one wait of a daemon's loop: a ppoll(2) over the descriptors it is given and a
/// signalfd, until the earliest deadline. Signals arrive as data (`Wake.signals`) between
/// two steps of the loop, never in the middle of one.
public final class EventLoop {
    /// What ended a wait.
    public struct Wake: Equatable, Sendable {
        /// For each descriptor waited on, in order: true when it is readable (or hung up).
        public var readable: [Bool]
        /// The signals that arrived, in order.
        public var signals: [Int32]

        /// A wake.
        public init(readable: [Bool], signals: [Int32]) {
            self.readable = readable
            self.signals = signals
        }

        /// True when any descriptor is readable.
        public var anyReadable: Bool { readable.contains(true) }
    }

    /// The signals watched.
    public let signals: SignalSet

    /// A loop watching `signals` (blocked for the process from now on).
    ///
    /// - Throws: the `Errno` of blocking them or of signalfd(2).
    public init(signals: [Int32]) throws(Errno) {
        self.signals = try SignalSet(signals)
    }

    /// Waits until one of `descriptors` is readable, a signal arrives or `deadline` passes
    /// (nil: no deadline; a past one: a look without waiting). A wait interrupted otherwise
    /// returns as after the deadline: the caller looks at its deadlines again.
    ///
    /// - Throws: `EventLoopError` when ppoll(2) or reading the signalfd fails.
    public func wait(for descriptors: [Int32], until deadline: MonotonicTime?) throws(EventLoopError) -> Wake {
        var entries = [Poll.entry(signals.descriptor, POLLIN)] + descriptors.map { Poll.entry($0, POLLIN) }
        do throws(Errno) { try Poll.wait(&entries, timeout: deadline.map { $0 - MonotonicTime.monotonicNow() }) } catch {
            throw EventLoopError(step: .wait, errno: error)
        }
        return Wake(readable: entries.dropFirst().map(\.hasEvents), signals: entries[0].hasEvents ? try pendingSignals() : [])
    }

    /// Which of `descriptors` are readable now, without waiting and without looking at the
    /// signals (they stay for the next wait); none when the look fails.
    public static func readable(_ descriptors: [Int32]) -> [Bool] {
        guard !descriptors.isEmpty else { return [] }
        var entries = descriptors.map { Poll.entry($0, POLLIN) }
        guard (try? Poll.wait(&entries, timeout: .zero)) != nil else { return descriptors.map { _ in false } }
        return entries.map(\.hasEvents)
    }

    /// The signals waiting, without waiting for one.
    ///
    /// - Throws: `EventLoopError` when reading the signalfd fails.
    public func pendingSignals() throws(EventLoopError) -> [Int32] {
        var arrived: [Int32] = []
        do throws(Errno) {
            while let signal = try signals.next() { arrived.append(signal) }
        } catch {
            throw EventLoopError(step: .readSignals, errno: error)
        }
        return arrived
    }
}

/// A wait of the loop that failed.
public struct EventLoopError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Step: Equatable, Sendable {
        /// ppoll(2).
        case wait
        /// Reading the signalfd.
        case readSignals
    }

    /// What failed.
    public var step: Step
    /// Why.
    public var errno: Errno

    /// An error.
    public init(step: Step, errno: Errno) {
        self.step = step
        self.errno = errno
    }

    /// The call that failed (`ppoll`, `reading the signal fd`).
    public var operation: String {
        switch step {
        case .wait: "ppoll"
        case .readSignals: "reading the signal fd"
        }
    }

    public var description: String { "\(operation): errno \(errno.rawValue)" }
}
