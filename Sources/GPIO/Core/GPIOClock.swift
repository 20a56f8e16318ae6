#if canImport(Glibc)
import Basics
import Glibc
#endif

/// Time as the GPIO layer sees it: a monotonic reading and a sleep. Injected so pulse timing
/// and the udev permission retry run on a virtual clock in tests.
public protocol GPIOClock: AnyObject {
    /// Time since an arbitrary fixed point; never goes backwards.
    func now() -> Duration
    /// Waits for `duration`. Throws when the wait is interrupted (the caller cleans up).
    func sleep(for duration: Duration) throws(GPIOError)
}

/// The system's monotonic clock with nanosleep(2); an interrupted sleep resumes.
public final class SystemGPIOClock: GPIOClock {
    /// A clock reading CLOCK_MONOTONIC.
    public init() {}

    public func now() -> Duration {
        MonotonicTime.monotonicNow().sinceOrigin
    }

    public func sleep(for duration: Duration) throws(GPIOError) {
        guard duration > .zero else { return }
        let nanoseconds = duration.nanoseconds
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
