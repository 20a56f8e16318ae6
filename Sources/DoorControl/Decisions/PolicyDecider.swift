import Basics
import Credentials
import NDEF
import NFCCore

/// The engine's `DoorDecider` for a real door: a `DoorPolicy` with its `DecisionState`, the
/// wall clock for schedules and the counter file behind rolling counters.
///
/// With rolling counters every change of the counters is saved before it takes effect: the
/// counter a grant issues before it is written to the tag (a save that fails refuses the
/// grant and raises an alarm), a confirmed write, a conflict, a newer token.
public final class PolicyDecider: DoorDecider {
    /// The policy decided with; `reload` replaces it.
    public private(set) var policy: DoorPolicy
    /// Counters and lockouts.
    public private(set) var state: DecisionState
    /// Where counters are saved; nil keeps them in memory only (tests of other parts).
    let store: CounterStore?
    /// The local wall-clock time of a decision.
    let localTime: () -> LocalTime
    /// Told of each alarm: a counter file that cannot be saved or read, a token seen in two
    /// states, an unsynchronised clock.
    public var onAlarm: ((String) -> Void)?
    /// The last counter file failure, while it lasts: token grants are refused until a save
    /// succeeds again.
    public private(set) var storeFailure: CounterStoreError?
    private var lastSaved: [DecisionState.CounterKey: DecisionState.TokenCounter]

    /// A decider starting from `state` (the counters `store` loaded).
    public init(policy: DoorPolicy, state: DecisionState, store: CounterStore?, localTime: @escaping () -> LocalTime = LocalTime.now) {
        self.policy = policy
        self.state = state
        self.store = store
        self.localTime = localTime
        lastSaved = state.counters
    }

    /// Decides from now on with `policy` (a reloaded configuration), keeping counters and the
    /// lockouts. When the reload turns rolling counters on, the counter file is read (a
    /// missing one begins afresh: counters were off); one that cannot be read refuses token
    /// grants until it can be.
    public func reload(_ policy: DoorPolicy) {
        let wasRolling = self.policy.config.security.rollingCounter
        self.policy = policy
        guard policy.config.security.rollingCounter, !wasRolling, let store else { return }
        do throws(CounterStoreError) {
            let loaded = try store.load(beginAfresh: true)
            state = DecisionState(counters: loaded.merging(state.counters) { $1 })
            lastSaved = loaded
            storeFailure = nil
        } catch {
            fail(error)
        }
    }

    public func decide(_ presentation: Presentation, at now: MonotonicTime) -> Decision {
        var decision = policy.decide(presentation, at: localTime(), monotonic: now.sinceOrigin, state: &state)
        if !save() {
            decision = refusedForStore(decision)
        }
        if let alarm = decision.alarm { onAlarm?(alarm) }
        return decision
    }

    /// Saves the counter it issues, then gives the message to write: the tag's message with
    /// the advanced token in the slot not holding the confirmed counter.
    ///
    /// - Throws: the counter file's error (the grant must then be refused), or the token's.
    public func tokenMessage(for update: TokenUpdate, replacing message: NDEFMessage?) throws -> NDEFMessage {
        guard let key = policy.tokenKey else { throw TokenError.malformed("no token key is configured") }
        let record = try update.token.record(uid: update.uid, key: key)
        state.issue(update)
        guard save() else { throw storeFailure ?? CounterStoreError(path: store?.path ?? "", "cannot be saved") }
        return TokenSlots.message(message, writing: record, into: update.slot)
    }

    /// Takes the written counter and saves the counters.
    public func confirm(_ update: TokenUpdate) {
        state.confirmTokenWrite(update)
        _ = save()
    }

    /// Counts a write-back that failed toward the tag's lockout.
    public func writeFailed(_ update: TokenUpdate, at now: MonotonicTime) -> String? {
        policy.countFailedWrite(of: update.uid, at: now.sinceOrigin, state: &state)
    }

    /// Saves the counters when they changed and counters are on; false when that failed.
    private func save() -> Bool {
        guard policy.config.security.rollingCounter, let store else { return true }
        guard state.counters != lastSaved || storeFailure != nil else { return true }
        do throws(CounterStoreError) {
            try store.save(state.counters)
            lastSaved = state.counters
            storeFailure = nil
            return true
        } catch {
            fail(error)
            return false
        }
    }

    private func fail(_ error: CounterStoreError) {
        storeFailure = error
        onAlarm?("\(error): token grants are refused until the counters can be saved")
    }

    /// `decision` with a token grant turned into a denial while counters cannot be saved.
    private func refusedForStore(_ decision: Decision) -> Decision {
        guard decision.granted, decision.tokenUpdate != nil, let storeFailure else { return decision }
        return Decision(
            granted: false, user: decision.user, rule: decision.rule,
            reason: "the token counters cannot be saved (\(storeFailure)): token grants are refused", alarm: storeFailure.description)
    }
}
