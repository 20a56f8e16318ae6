import CLinux
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Signals blocked for the process and read from a signalfd, so that they arrive as data
/// between two steps of a loop instead of interrupting one.
public final class SignalSet {
    /// The signals watched.
    public let signals: [Int32]
    /// The signalfd, readable while a signal is waiting.
    public let descriptor: Int32

    /// Blocks `signals` and starts watching them.
    ///
    /// - Throws: the `Errno` of sigprocmask(2) or signalfd(2).
    public init(_ signals: [Int32]) throws(Errno) {
        let descriptor = signals.withUnsafeBufferPointer { clinux_signal_fd_for($0.baseAddress, UInt($0.count)) }
        guard descriptor >= 0 else { throw Errno.latest }
        self.signals = signals
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The next waiting signal; nil when none is.
    ///
    /// - Throws: the `Errno` of a failed read.
    public func next() throws(Errno) -> Int32? {
        switch clinux_read_signal(descriptor) {
        case 0: nil
        case -1: throw Errno.latest
        case let signal: signal
        }
    }
}
