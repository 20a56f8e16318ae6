/// A requested GPIO line in logical terms: "on" means active (energised), whatever the
/// wiring's active level.
public final class GPIOLine {
    /// An edge in logical terms.
    public enum Edge: String, Sendable {
        /// The line became active ("on").
        case rising
        /// The line became inactive ("off").
        case falling
    }

    /// The line's board name.
    public let name: GPIOLineName
    /// True when "on" is the low level.
    public let activeLow: Bool
    private let io: GPIOLineIO
    private let clock: GPIOClock
    private let debounce: Duration

    /// Wraps a backend's line. `debounce` is applied in software here; backends that debounce
    /// in the kernel pass zero.
    public init(name: GPIOLineName, activeLow: Bool, io: GPIOLineIO, clock: GPIOClock, debounce: Duration = .zero) {
        self.name = name
        self.activeLow = activeLow
        self.io = io
        self.clock = clock
        self.debounce = debounce
    }

    /// The descriptor to poll(2) for this line's edges (a character-device input); nil when
    /// the line has none (sysfs, outputs), and its level must be sampled instead.
    public var eventDescriptor: Int32? { io.eventDescriptor }

    /// Consumes the edge notifications waiting on `eventDescriptor`, without waiting; true
    /// when there were any.
    @discardableResult
    public func drainEvents() throws(GPIOError) -> Bool {
        var drained = false
        while try io.waitForEdge(timeout: .zero) { drained = true }
        return drained
    }

    /// Switches the line on (active) or off.
    public func set(_ on: Bool) throws(GPIOError) {
        try io.writeLevel(on != activeLow)
    }

    /// True when the line is active.
    public func read() throws(GPIOError) -> Bool {
        try io.readLevel() != activeLow
    }

    /// On, wait `duration`, off. The line is switched off even when the wait is interrupted;
    /// the wait's error is rethrown after that.
    public func pulse(for duration: Duration) throws(GPIOError) {
        try set(true)
        var isOff = false
        defer { if !isOff { _ = try? set(false) } }
        try clock.sleep(for: duration)
        try set(false)
        isOff = true
    }

    /// Waits up to `timeout` for the line to change state and stay changed for the debounce
    /// period. Returns the edge, or nil at the deadline.
    public func waitForEdge(timeout: Duration) throws(GPIOError) -> Edge? {
        let deadline = clock.now() + timeout
        let stable = try read()
        while true {
            let now = clock.now()
            if now >= deadline { return nil }
            if try read() == stable, try !io.waitForEdge(timeout: deadline - now) { continue }
            let level = try read()
            guard level != stable else { continue }
            if debounce > .zero {
                try clock.sleep(for: debounce)
                guard try read() == level else { continue }
            }
            return level ? .rising : .falling
        }
    }
}
