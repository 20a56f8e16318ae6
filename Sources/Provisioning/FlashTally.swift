/// The counts of a flash run as it goes, for a front end to show: tags done (with those a
/// report already listed), tags written in this run, the goal, and the rate.
public struct FlashTally: Sendable {
    /// The number of tags the run stops at; nil: until stopped.
    public let total: Int?
    /// Tags done, with those the report already listed.
    public private(set) var done = 0
    /// Tags written in this run.
    public private(set) var written = 0
    /// When the run started.
    public let start: ContinuousClock.Instant

    /// The counts of a run of `total` tags (nil: until stopped) that started at `start`.
    public init(total: Int?, start: ContinuousClock.Instant = .now) {
        self.total = total
        self.start = start
    }

    /// The reader is open: `done` tags are already written (listed in the report).
    public mutating func ready(done: Int) {
        self.done = done
    }

    /// Counts a tag's result: a success is one more done and written.
    public mutating func count(_ result: FlashTagResult) {
        guard result.error == nil else { return }
        done += 1
        written += 1
    }

    /// Seconds since the start.
    public func elapsedSeconds(at now: ContinuousClock.Instant = .now) -> Double {
        let elapsed = now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Tags written per minute since the start; 0 before any time has passed.
    public func tagsPerMinute(at now: ContinuousClock.Instant = .now) -> Double {
        let minutes = elapsedSeconds(at: now) / 60
        return minutes > 0 ? Double(written) / minutes : 0
    }
}
