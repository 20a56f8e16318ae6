import CLinux
import GPIO

#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock, whose sleeps end early with `GPIOError.interrupted` on SIGINT, SIGTERM
/// or SIGHUP, so a pulse switches its output off before the process exits.
final class SignalClock: GPIOClock {
    private let system = SystemGPIOClock()
    private let signals: Int32

    /// Blocks the signals and watches them through a signalfd.
    init() throws {
        signals = clinux_signal_fd()
        guard signals >= 0 else { throw CLIError.io("cannot watch signals: \(String(cString: strerror(errno)))") }
    }

    deinit { close(signals) }

    func now() -> Duration { system.now() }

    func sleep(for duration: Duration) throws {
        let deadline = now() + duration
        while case let remaining = deadline - now(), remaining > .zero {
            var descriptor = pollfd(fd: signals, events: Int16(POLLIN), revents: 0)
            if clinux_poll_nanoseconds(&descriptor, 1, remaining.wholeNanoseconds) > 0, clinux_read_signal(signals) > 0 {
                throw GPIOError.interrupted
            }
        }
    }

    /// Whether a signal has arrived (consuming it).
    func signalled() -> Bool {
        clinux_read_signal(signals) > 0
    }
}
