import GPIO

/// A clock that moves only when slept on (or when a fake device waits), so timing tests
/// are exact and instant.
final class VirtualClock: GPIOClock {
    var time: Duration = .zero
    /// Every sleep asked for, in order.
    var sleeps: [Duration] = []
    /// When set, the next sleep throws this instead of passing time (an interrupted wait).
    var interruption: GPIOError?

    func now() -> Duration { time }

    func sleep(for duration: Duration) throws(GPIOError) {
        sleeps.append(duration)
        if let interruption {
            self.interruption = nil
            throw interruption
        }
        time += duration
    }
}
