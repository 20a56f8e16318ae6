import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// How many SIGUSR1 the handler has seen.
let deliveredSignals = Atomic<Int>(0)

/// SIGUSR1 caught by a handler installed without SA_RESTART, so that a blocking system call it
/// interrupts fails with EINTR instead of being restarted by the kernel.
enum SignalCounter {
    /// Installs the handler (again: harmless).
    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in deliveredSignals.add(1, ordering: .sequentiallyConsistent) }
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        sigaction(SIGUSR1, &action, nil)
    }

    /// Waits (yielding) until the handler has run `count` times in all; false after a minute
    /// (a safety net so that a broken test fails instead of hanging).
    static func waitUntilDelivered(_ count: Int) -> Bool {
        let giveUp = ContinuousClock.now + .seconds(60)
        while deliveredSignals.load(ordering: .sequentiallyConsistent) < count {
            if ContinuousClock.now > giveUp { return false }
            sched_yield()
        }
        return true
    }
}
