import Basics
import NFCCore

/// The door's state machine: relay, door contact, held-open alarm and feedback, driven by
/// events and deadlines on one clock. It does no I/O: it returns actions, so every timeline
/// is a pure function of the events and their times.
public final class DoorController {
    /// What the controller needs from the configuration.
    public struct Settings: Equatable, Sendable {
        /// Pulse or toggle.
        public var relayMode: RelayConfig.Mode
        /// Relock when the door closes after opening.
        public var relockOnClose: Bool
        /// Alarm when the door stays open this long.
        public var heldOpenAlarm: Duration?
        /// The feedback lines and patterns.
        public var feedback: FeedbackConfig

        /// Settings taken from a configuration.
        public init(_ config: DoorConfig) {
            relayMode = config.relay.mode
            relockOnClose = config.inputs.relockOnClose
            heldOpenAlarm = config.inputs.heldOpenAlarm
            feedback = config.feedback
        }
    }

    /// The settings in force (replaced on reload).
    public var settings: Settings
    /// True while the relay is energised.
    public private(set) var relayOn = false
    /// True while the door contact reports the door open.
    public private(set) var doorOpen = false

    /// When the energised relay is released again; nil while it is released, or energised
    /// until it is toggled (or the door closes, with `relockOnClose`).
    public var unlockedUntil: MonotonicTime? { relayOn ? relayOffAt : nil }

    private var relayOffAt: MonotonicTime?
    private var openedAt: MonotonicTime?
    private var alarmRaised = false
    private var feedback = FeedbackSchedule()

    /// A controller with the relay released and the door closed.
    public init(settings: Settings) {
        self.settings = settings
    }

    /// The earliest time `advance(to:)` has something to do.
    public var nextDeadline: MonotonicTime? {
        [relayOffAt, alarmDeadline, feedback.nextTime].compactMap { $0 }.min()
    }

    /// Reacts to `event` at `now`.
    public func handle(_ event: DoorEvent, at now: MonotonicTime) -> [DoorAction] {
        var actions = advance(to: now)
        switch event {
        case let .decision(decision, _):
            if decision.granted {
                actions += unlock(at: now, because: "granted " + (decision.user ?? decision.rule))
            }
            actions += feedback.play(granted: decision.granted, settings.feedback, at: now)
        case .exitRequested:
            actions.append(.note(.exitRequested))
            actions += unlock(at: now, because: "exit button")
        case .doorOpened:
            guard !doorOpen else { break }
            doorOpen = true
            openedAt = now
            alarmRaised = false
            actions.append(.note(.doorOpened))
        case .doorClosed:
            guard doorOpen else { break }
            doorOpen = false
            openedAt = nil
            actions.append(.note(.doorClosed))
            if relayOn, settings.relockOnClose, case .pulse = settings.relayMode {
                actions += lock(because: "door closed")
            }
        case .doorbell:
            actions.append(.note(.doorbell))
        case .remoteUnlock(let what):
            actions.append(.note(.remoteUnlock(what)))
            actions += unlock(at: now, because: "remote unlock")
        }
        return actions
    }

    /// Carries out what is due at `now`: relock, alarm, feedback steps.
    public func advance(to now: MonotonicTime) -> [DoorAction] {
        var actions: [DoorAction] = []
        if let relayOffAt, relayOffAt <= now {
            actions += lock(because: "pulse ended")
        }
        if let deadline = alarmDeadline, deadline <= now, let openedAt {
            alarmRaised = true
            actions.append(.note(.heldOpen(now - openedAt)))
        }
        actions += feedback.advance(to: now)
        return actions
    }

    /// Releases the relay at once (fail-secure: start, shutdown, errors) and silences feedback.
    public func lockNow(because reason: String) -> [DoorAction] {
        feedback.stop() + lock(because: reason, force: true)
    }

    private var alarmDeadline: MonotonicTime? {
        guard let openedAt, let alarm = settings.heldOpenAlarm, !alarmRaised else { return nil }
        return openedAt + alarm
    }

    private func unlock(at now: MonotonicTime, because reason: String) -> [DoorAction] {
        switch settings.relayMode {
        case .pulse(let duration):
            relayOffAt = now + duration
            guard !relayOn else { return [] }
            relayOn = true
            return [.relay(true), .note(.unlocked(reason))]
        case .toggle:
            return relayOn ? lock(because: "toggled by " + reason) : {
                relayOn = true
                return [.relay(true), .note(.unlocked(reason))]
            }()
        }
    }

    private func lock(because reason: String, force: Bool = false) -> [DoorAction] {
        relayOffAt = nil
        guard relayOn || force else { return [] }
        let wasOn = relayOn
        relayOn = false
        return [.relay(false)] + (wasOn ? [.note(.locked(reason))] : [])
    }
}
