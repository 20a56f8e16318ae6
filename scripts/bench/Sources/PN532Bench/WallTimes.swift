/// Wall times of repeated runs of one command, in milliseconds.
struct WallTimes {
    /// One entry per run, in run order.
    private(set) var milliseconds: [Double] = []

    /// The times of `count` runs of `body`, one after the other.
    static func measure(count: Int, _ body: () throws -> Void) rethrows -> WallTimes {
        let clock = ContinuousClock()
        var times = WallTimes()
        for _ in 0..<count {
            times.append(try clock.measure(body))
        }
        return times
    }

    /// Adds one run's time.
    mutating func append(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        milliseconds.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }

    /// The middle time (the mean of the two middle ones for an even count).
    var median: Double {
        let sorted = milliseconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The fastest run.
    var minimum: Double {
        milliseconds.min() ?? .nan
    }
}
