#if canImport(Glibc)
import Glibc
#endif

/// A point in time on a monotonic clock, in nanoseconds: the one time type of every layer.
/// Real links use CLOCK_MONOTONIC; the simulator's in-process link uses a virtual clock.
public struct MonotonicTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: Int64

    /// Creates a time from nanoseconds.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The current CLOCK_MONOTONIC time.
    public static func monotonicNow() -> MonotonicTime {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicTime(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }

    /// The time since the clock's origin, as a `Duration`.
    public var sinceOrigin: Duration {
        .nanoseconds(nanoseconds)
    }

    public static func < (lhs: MonotonicTime, rhs: MonotonicTime) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The time `duration` later.
    public static func + (time: MonotonicTime, duration: Duration) -> MonotonicTime {
        MonotonicTime(nanoseconds: time.nanoseconds + duration.nanoseconds)
    }

    /// The time between two points.
    public static func - (lhs: MonotonicTime, rhs: MonotonicTime) -> Duration {
        .nanoseconds(lhs.nanoseconds - rhs.nanoseconds)
    }

    /// Seconds with microsecond precision, e.g. `12.003456`.
    public var description: String {
        let micros = nanoseconds / 1000
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at Int64's range (a duration from
    /// outside, however long, never traps).
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, sumOverflow) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if sumOverflow { return scaled < 0 ? .min : .max }
        return sum
    }

    /// The time `bytes` take on a UART at `bitsPerSecond`, 10 bits per byte (8N1).
    public static func uart(bytes: Int, bitsPerSecond: Int) -> Duration {
        .nanoseconds(Int64(bytes) * 10 * 1_000_000_000 / Int64(max(1, bitsPerSecond)))
    }

    /// Milliseconds as a Double, for printing.
    public var milliseconds: Double {
        Double(nanoseconds) / 1_000_000
    }
}
