import Basics
import CLinux
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP as links see them: once `install()` has run, a signal ends any
/// wait on a link with a `LinkError` of kind `.interrupted`, so that the command unwinds and
/// puts the reader back (115200 baud, field off) before it exits. `suspend()` lets the links
/// work again for that last conversation.
public enum LinkInterruption {
    /// Catches the three signals. Returns false when the handlers could not be installed.
    @discardableResult
    public static func install() -> Bool {
        clinux_interrupt_install() == 0
    }

    /// Links ignore the signal from now on (the reader is being put back).
    public static func suspend() {
        clinux_interrupt_suspend()
    }

    /// The signal received since `install()`, suspended or not.
    public static var received: Int32? {
        let signal = clinux_interrupt_received()
        return signal == 0 ? nil : signal
    }

    /// The descriptor a link polls next to its device, nil when there is none.
    static var descriptor: Int32? {
        let descriptor = clinux_interrupt_descriptor()
        return descriptor < 0 ? nil : descriptor
    }

    /// Sleeps until `time` on the monotonic clock without using the processor, or until a
    /// signal arrives (once `install()` has run, and not suspended): the wait of a link whose
    /// chip is simulated in the same process. Returns at once for a time already past.
    public static func sleep(until time: MonotonicTime) {
        while clinux_interrupt_pending() == 0 {
            let remaining = time - .monotonicNow()
            guard remaining > .zero else { return }
            var entries = [Poll.entry(descriptor ?? -1, POLLIN)]
            do throws(Errno) { try Poll.wait(&entries, timeout: remaining) } catch { return }
            if entries[0].hasEvents { return }
        }
    }

    /// Throws `.interrupted` for `device` when a signal is pending and not suspended.
    public static func check(device: String, operation: String) throws(LinkError) {
        let signal = clinux_interrupt_pending()
        guard signal == 0 else { throw LinkError(.interrupted, device: device, signal: signal, operation: operation) }
    }
}
