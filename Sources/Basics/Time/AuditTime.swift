#if canImport(Glibc)
import Glibc
#endif

/// The one wall clock: an instant in UTC, whole seconds since 1970-01-01T00:00:00Z (negative
/// before) and the nanoseconds into that second. Any year from 0000 to 9999 fits. The audit
/// log, tokens, reports and the door's schedules read the time through `now()`.
public struct AuditTime: Equatable, Comparable, Hashable, Sendable {
    /// Whole seconds since the Unix epoch, rounded down.
    public private(set) var epochSeconds: Int64
    /// Nanoseconds into the second, 0 ..< 1,000,000,000.
    public private(set) var nanoseconds: Int64

    /// An instant from seconds and nanoseconds since the epoch; nanoseconds beyond a second
    /// (or negative) carry into the seconds.
    public init(epochSeconds: Int64, nanoseconds: Int64 = 0) {
        let carry = floorDivide(nanoseconds, 1_000_000_000)
        self.epochSeconds = epochSeconds + carry
        self.nanoseconds = nanoseconds - carry * 1_000_000_000
    }

    /// Now, from CLOCK_REALTIME.
    public static func now() -> AuditTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return AuditTime(epochSeconds: Int64(spec.tv_sec), nanoseconds: Int64(spec.tv_nsec))
    }

    public static func < (lhs: AuditTime, rhs: AuditTime) -> Bool {
        (lhs.epochSeconds, lhs.nanoseconds) < (rhs.epochSeconds, rhs.nanoseconds)
    }
}

/// Division rounding towards negative infinity.
package func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}
