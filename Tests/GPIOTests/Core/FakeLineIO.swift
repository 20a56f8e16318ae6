import GPIO

/// A line whose physical level follows a schedule on a virtual clock and which records writes.
final class FakeLineIO: GPIOLineIO {
    let clock: VirtualClock
    /// Physical level changes, by time.
    var changes: [(at: Duration, high: Bool)] = []
    /// The level before the first change.
    var initial = false
    /// Every write, with its time.
    var writes: [(at: Duration, high: Bool)] = []
    /// When set, writes fail with this.
    var writeFailure: GPIOError?

    init(clock: VirtualClock) { self.clock = clock }

    func readLevel() throws(GPIOError) -> Bool {
        changes.last { $0.at <= clock.time }?.high ?? writes.last?.high ?? initial
    }

    func writeLevel(_ high: Bool) throws(GPIOError) {
        if let writeFailure { throw writeFailure }
        writes.append((clock.time, high))
    }

    func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool {
        if let next = changes.first(where: { $0.at > clock.time && $0.at <= clock.time + timeout }) {
            clock.time = next.at
            return true
        }
        clock.time += timeout
        return false
    }
}
