import CLinux
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP, blocked and read from a signalfd, so that a signal never
/// interrupts a tag half-written: the flash loop asks between tags and while it waits.
final class FlashInterrupt {
    private let descriptor: Int32
    /// The first signal received, once one has been.
    private(set) var signal: Int32?

    /// Blocks the signals and starts watching them.
    init() throws(CLIError) {
        descriptor = clinux_signal_fd()
        guard descriptor >= 0 else { throw .io("cannot watch signals: \(Errno.latest)") }
    }

    deinit { close(descriptor) }

    /// True once a signal has arrived.
    var isInterrupted: Bool {
        if signal == nil {
            let received = clinux_read_signal(descriptor)
            if received > 0 { signal = received }
        }
        return signal != nil
    }

    /// The exit status for the signal: 128 + its number (130 after Ctrl-C).
    var exitCode: Int32 { 128 + (signal ?? SIGINT) }
}
