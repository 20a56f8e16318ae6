import ArgumentParser
import CLinux
import GPIO
import NFCCore
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock, whose sleeps end early with `GPIOError.interrupted` on SIGINT, SIGTERM
/// or SIGHUP, so a pulse switches its output off before the process exits.
final class SignalClock: GPIOClock {
    private let system = SystemGPIOClock()
    private let signals: Int32
    /// The first signal received, once one has been.
    private(set) var received: Int32?

    /// Blocks the signals and watches them through a signalfd.
    init() throws {
        signals = clinux_signal_fd()
        guard signals >= 0 else { throw CLIError.io("cannot watch signals: \(Errno.latest)") }
    }

    deinit { close(signals) }

    func now() -> Duration { system.now() }

    func sleep(for duration: Duration) throws(GPIOError) {
        let deadline = now() + duration
        while case let remaining = deadline - now(), remaining > .zero {
            var descriptors = [Poll.entry(signals, POLLIN)]
            if (try? Poll.wait(&descriptors, timeout: remaining)) ?? 0 > 0, signalled() {
                throw GPIOError.interrupted
            }
        }
    }

    /// Whether a signal has arrived (consuming it; `received` keeps the first).
    func signalled() -> Bool {
        let signal = clinux_read_signal(signals)
        guard signal > 0 else { return false }
        if received == nil { received = signal }
        return true
    }

    /// After a signal, the documented exit: 128 + its number (130 after Ctrl-C, 143 after
    /// SIGTERM); nothing when none came.
    func exitIfSignalled() throws {
        if let received { throw ExitCode(128 + received) }
    }
}
