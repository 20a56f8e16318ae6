import Basics
import ArgumentParser
import DaemonKit
import GPIO
import NFCCore
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock, whose sleeps end early with `GPIOError.interrupted` on SIGINT, SIGTERM
/// or SIGHUP, so a pulse switches its output off before the process exits.
final class SignalClock: GPIOClock {
    private let system = SystemGPIOClock()
    private let loop: EventLoop
    /// The first signal received, once one has been.
    private(set) var received: Int32?

    /// Blocks the signals and watches them in an event loop.
    init() throws {
        do throws(Errno) { loop = try EventLoop(signals: [SIGINT, SIGTERM, SIGHUP]) } catch {
            throw CLIError.io("cannot watch signals: \(error)")
        }
    }

    func now() -> Duration { system.now() }

    func sleep(for duration: Duration) throws(GPIOError) {
        let deadline = MonotonicTime.monotonicNow() + duration
        while MonotonicTime.monotonicNow() < deadline {
            if let wake = try? loop.wait(for: [], until: deadline), note(wake.signals) {
                throw GPIOError.interrupted
            }
        }
    }

    /// Whether a signal has arrived (consuming it; `received` keeps the first).
    func signalled() -> Bool {
        note((try? loop.pendingSignals()) ?? [])
    }

    private func note(_ signals: [Int32]) -> Bool {
        guard let first = signals.first else { return false }
        if received == nil { received = first }
        return true
    }

    /// After a signal, the documented exit: 128 + its number (130 after Ctrl-C, 143 after
    /// SIGTERM); nothing when none came.
    func exitIfSignalled() throws {
        if let received { throw ExitCode(128 + received) }
    }

    /// Runs `body` as `CLIError.mappingGPIO` does, but a sleep a signal cut short exits
    /// 128 + that signal (143 after SIGTERM, 129 after SIGHUP), not always 130.
    func mappingGPIO<T>(otherBackend: String?, _ body: () throws -> T) throws -> T {
        do {
            return try CLIError.mappingGPIO(otherBackend: otherBackend, body)
        } catch var error as CLIError {
            if let received, error.kind == .interrupted { error.exitCode = ExitCode(128 + received) }
            throw error
        }
    }
}
