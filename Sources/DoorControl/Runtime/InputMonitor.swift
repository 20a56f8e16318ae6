import GPIO
import PN532

/// The door's inputs, sampled on the loop's clock and debounced: a new level counts once it
/// has held for the debounce time across samples. Sampling (every `interval`) also works
/// where the backend gives no edge notifications (sysfs files without an IRQ-capable pin).
public final class InputMonitor {
    /// How often the inputs are read.
    public static let interval: Duration = .milliseconds(50)

    private struct Input {
        let line: GPIOLine
        let rising: DoorEvent
        let falling: DoorEvent?
        var level: Bool
        var candidate: (level: Bool, since: LinkTime)?
    }

    private var inputs: [Input] = []
    private let debounce: Duration
    /// When the inputs are next read.
    public private(set) var nextSample: LinkTime

    /// Watches the lines given; the levels they have now are taken as the starting state
    /// (a door already open is reported by `initialEvents`).
    public init(exitButton: GPIOLine?, doorContact: GPIOLine?, doorbell: GPIOLine?, debounce: Duration, now: LinkTime) throws {
        self.debounce = debounce
        nextSample = now
        if let exitButton { inputs.append(Input(line: exitButton, rising: .exitRequested, falling: nil, level: try exitButton.read())) }
        if let doorContact { inputs.append(Input(line: doorContact, rising: .doorOpened, falling: .doorClosed, level: try doorContact.read())) }
        if let doorbell { inputs.append(Input(line: doorbell, rising: .doorbell, falling: nil, level: try doorbell.read())) }
    }

    /// True when there is nothing to watch.
    public var isEmpty: Bool { inputs.isEmpty }

    /// The door contact's state at start, as an event when the door is open.
    public var initialEvents: [DoorEvent] {
        inputs.filter { $0.rising == .doorOpened && $0.level }.map(\.rising)
    }

    /// Reads the lines and returns the debounced changes.
    public func sample(at now: LinkTime) throws -> [DoorEvent] {
        nextSample = now + Self.interval
        var events: [DoorEvent] = []
        for index in inputs.indices {
            let level = try inputs[index].line.read()
            guard level != inputs[index].level else {
                inputs[index].candidate = nil
                continue
            }
            guard let candidate = inputs[index].candidate, candidate.level == level else {
                inputs[index].candidate = (level, now)
                if debounce > .zero { continue }
                events += accept(level, index)
                continue
            }
            if now - candidate.since >= debounce { events += accept(level, index) }
        }
        return events
    }

    private func accept(_ level: Bool, _ index: Int) -> [DoorEvent] {
        inputs[index].level = level
        inputs[index].candidate = nil
        return (level ? inputs[index].rising : inputs[index].falling).map { [$0] } ?? []
    }
}
