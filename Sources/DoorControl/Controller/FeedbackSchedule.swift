import Basics
import NFCCore

/// The LED and buzzer patterns being played: the on/off steps still to come, by time.
struct FeedbackSchedule {
    private var steps: [(time: MonotonicTime, action: DoorAction)] = []

    /// When the next step is due.
    var nextTime: MonotonicTime? { steps.first?.time }

    /// Replaces what is playing with the pattern for a grant or a denial, starting now.
    mutating func play(granted: Bool, _ config: FeedbackConfig, at now: MonotonicTime) -> [DoorAction] {
        let stopping = stop()
        if config.led != nil {
            schedule(granted ? config.ledGranted : config.ledDenied, from: now) { .led($0) }
        }
        if config.buzzer != nil {
            schedule(granted ? config.buzzerGranted : config.buzzerDenied, from: now) { .buzzer($0) }
        }
        steps.sort { $0.time < $1.time }
        return stopping + advance(to: now)
    }

    /// The steps due at or before `now`.
    mutating func advance(to now: MonotonicTime) -> [DoorAction] {
        let due = steps.prefix { $0.time <= now }
        steps.removeFirst(due.count)
        return due.map(\.action)
    }

    /// Drops what is still to come and switches the outputs off if a pattern was playing.
    mutating func stop() -> [DoorAction] {
        let led = steps.contains { if case .led = $0.action { true } else { false } }
        let buzzer = steps.contains { if case .buzzer = $0.action { true } else { false } }
        steps = []
        return (led ? [.led(false)] : []) + (buzzer ? [.buzzer(false)] : [])
    }

    private mutating func schedule(_ pattern: FeedbackPattern, from start: MonotonicTime, _ action: (Bool) -> DoorAction) {
        guard !pattern.steps.isEmpty else { return }
        var time = start
        for (index, step) in pattern.steps.enumerated() {
            steps.append((time, action(index % 2 == 0)))
            time = time + step
        }
        if pattern.steps.count % 2 == 1 { steps.append((time, action(false))) }
    }
}
