import Basics
import NDEF
import NFCCore

/// The reader, the decisions and the door joined up, without the operating system: the
/// daemon drives it from its poll loop, the soak test from the simulator's virtual clock.
public final class DoorEngine {
    /// The reader.
    public let reader: DoorReader
    /// The door's state machine.
    public let controller: DoorController
    /// Decisions.
    public var decider: DoorDecider
    /// Where entries go.
    public let journal: DoorJournal
    /// The relay, LED and buzzer.
    public let outputs: DoorOutputs
    /// Called with each decided presentation, for the hook runner.
    public var onPresentation: ((Presentation, Decision) -> Void)?
    /// Called between the tag commands of a presentation, after the door's own deadlines:
    /// the daemon looks at its inputs (and watchdog) there, feeding events to `handle(_:)`.
    public var betweenTagCommands: () -> Void = {}

    private let clock: () -> MonotonicTime

    /// An engine; call `lock(because:)` before anything else.
    public init(reader: DoorReader, controller: DoorController, decider: DoorDecider, journal: DoorJournal, outputs: DoorOutputs, clock: @escaping () -> MonotonicTime) {
        self.reader = reader
        self.controller = controller
        self.decider = decider
        self.journal = journal
        self.outputs = outputs
        self.clock = clock
        reader.betweenTagCommands = { [weak self] in self?.serviceBetweenTagCommands() }
    }

    /// What is due while a tag is being read: relay off, feedback steps, the alarm, then the
    /// daemon's inputs. An input event may unlock the door here; a tag decision never does.
    private func serviceBetweenTagCommands() {
        perform(controller.advance(to: clock()))
        betweenTagCommands()
    }

    /// The earliest deadline of the reader and the door.
    public var nextDeadline: MonotonicTime {
        [reader.nextDeadline, controller.nextDeadline].compactMap { $0 }.min() ?? reader.nextDeadline
    }

    /// The relay as the door stands: released, or energised for how long yet.
    public enum LockState: Equatable, Sendable {
        /// The relay released.
        case locked
        /// The relay energised: for how long yet on the engine's clock (nil: until it is toggled).
        case unlocked(remaining: Duration?)
    }

    /// The relay now, on the engine's clock.
    public var lockState: LockState {
        guard controller.relayOn else { return .locked }
        return .unlocked(remaining: controller.unlockedUntil.map { max(.zero, $0 - clock()) })
    }

    /// Drives the relay to locked whatever the controller believes (start, shutdown, errors).
    public func lock(because reason: String) {
        perform(controller.lockNow(because: reason))
    }

    /// Services the reader (waiting on its link until `deadline` at most when it has no
    /// descriptor to poll; reading its descriptor when `readable`) and the door's deadlines.
    public func step(until deadline: MonotonicTime, readable: Bool = false) {
        for event in reader.service(until: deadline, readable: readable) { handle(event) }
        perform(controller.advance(to: clock()))
    }

    /// Runs until `end` on a clock that only moves when told to (the in-process simulator):
    /// `idle(deadline)` must let time pass up to `deadline` when nothing is due before it.
    public func run(until end: MonotonicTime, idle: (MonotonicTime) -> Void) {
        while clock() < end {
            step(until: min(nextDeadline, end))
            let next = min(nextDeadline, end)
            if clock() < next, !reader.isWaitingForTag { idle(next) }
        }
    }

    /// Feeds an input event (exit button, door contact, doorbell) to the door.
    public func handle(_ event: DoorEvent) {
        perform(controller.handle(event, at: clock()))
    }

    private func handle(_ event: ReaderEvent) {
        switch event {
        case .presented(let presentation):
            let decided = decider.decide(presentation, at: clock())
            let decision = reader.budgetOverrun.map { Decision(granted: false, user: decided.user, rule: "presentation budget", reason: $0) }
                ?? finish(decided, presentation)
            journal.record(.decision(decision, presentation))
            perform(controller.handle(.decision(decision, uid: presentation.uid), at: clock()))
            onPresentation?(presentation, decision)
        case .removed(let uid):
            journal.record(.removed(uid: uid))
        case .opened, .lost, .recoveryFailed, .recovered, .resting:
            journal.record(.reader(event))
        }
    }

    /// A grant with a counter update stands only once the new counter is saved, then on the
    /// tag, verified: a tag that cannot be updated is not let in, and the failure counts
    /// toward its lockout.
    private func finish(_ decision: Decision, _ presentation: Presentation) -> Decision {
        guard decision.granted, let update = decision.tokenUpdate else { return decision }
        do {
            try reader.write(decider.tokenMessage(for: update, replacing: presentation.message))
            decider.confirm(update)
            return decision
        } catch {
            let lockout = error is CounterStoreError ? "" : decider.writeFailed(update, at: clock()).map { "; \($0)" } ?? ""
            return Decision(granted: false, user: decision.user, rule: decision.rule, reason: "the token's counter could not be updated on the tag (\(error)); not opened\(lockout)")
        }
    }

    private func perform(_ actions: [DoorAction]) {
        for action in actions {
            if case .note(let note) = action {
                journal.record(.note(note))
                continue
            }
            do {
                try outputs.apply(action)
            } catch {
                journal.record(.outputFailed("\(action): \(error)"))
                if case .relay(true) = action { try? outputs.apply(.relay(false)) }
            }
        }
    }
}
