import DaemonKit
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP, watched by an event loop (blocked and read as data), so that
/// a signal never interrupts a tag half-written: the flash loop asks between tags and while
/// it waits.
final class FlashInterrupt {
    private let loop: EventLoop
    /// The first signal received, once one has been.
    private(set) var signal: Int32?

    /// Blocks the signals and starts watching them.
    init() throws(CLIError) {
        do throws(Errno) { loop = try EventLoop(signals: [SIGINT, SIGTERM, SIGHUP]) } catch {
            throw .io("cannot watch signals: \(error)")
        }
    }

    /// True once a signal has arrived.
    var isInterrupted: Bool {
        if signal == nil, let received = (try? loop.pendingSignals())?.first { signal = received }
        return signal != nil
    }

    /// The exit status for the signal: 128 + its number (130 after Ctrl-C).
    var exitCode: Int32 { 128 + (signal ?? SIGINT) }
}
