import Basics
import Testing

@Suite("MonotonicTime and durations in nanoseconds")
struct MonotonicTimeTests {
    @Test func arithmeticAndDescription() {
        let start = MonotonicTime(nanoseconds: 12_003_456_000)
        #expect(start + .milliseconds(5) == MonotonicTime(nanoseconds: 12_008_456_000))
        #expect((start + .seconds(2)) - start == .seconds(2))
        #expect(start.description == "12.003456")
        #expect(start.sinceOrigin == .seconds(12) + .microseconds(3456))
    }

    @Test func durationsSaturateInsteadOfTrapping() {
        #expect(Duration.seconds(3).nanoseconds == 3_000_000_000)
        #expect(Duration.seconds(Int64.max).nanoseconds == .max)
        #expect(Duration.seconds(Int64.min).nanoseconds == .min)
        #expect(Duration.seconds(9_223_372_036).nanoseconds == 9_223_372_036_000_000_000)
        #expect((Duration.seconds(9_223_372_036) + .milliseconds(999)).nanoseconds == .max)
    }

    @Test func theSystemClockNeverGoesBackwards() {
        var previous = MonotonicTime.monotonicNow()
        for _ in 0..<1000 {
            let now = MonotonicTime.monotonicNow()
            #expect(now >= previous)
            previous = now
        }
    }
}
