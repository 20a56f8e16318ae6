import NDEF
import PN532

/// The engine's `DoorDecider` for a real door: a `DoorPolicy` with its `DecisionState`, the
/// wall clock for schedules and the counter file behind rolling counters.
public final class PolicyDecider: DoorDecider {
    /// The policy decided with; `reload` replaces it.
    public private(set) var policy: DoorPolicy
    /// Confirmed counters and the lockout.
    public private(set) var state: DecisionState
    /// Where confirmed counters are saved; nil keeps them in memory only.
    let store: CounterStore?
    /// The local wall-clock time of a decision.
    let localTime: () -> LocalTime
    /// Told when a confirmed counter could not be saved (the counter still holds in memory).
    public var onStoreError: ((CounterStoreError) -> Void)?

    /// A decider starting from `state` (the counters `store` loaded).
    public init(policy: DoorPolicy, state: DecisionState, store: CounterStore?, localTime: @escaping () -> LocalTime = LocalTime.now) {
        self.policy = policy
        self.state = state
        self.store = store
        self.localTime = localTime
    }

    /// Decides from now on with `policy` (a reloaded configuration), keeping counters and the
    /// lockout.
    public func reload(_ policy: DoorPolicy) {
        self.policy = policy
    }

    public func decide(_ presentation: Presentation, at now: LinkTime) -> Decision {
        policy.decide(presentation, at: localTime(), monotonic: .nanoseconds(now.nanoseconds), state: &state)
    }

    /// The advanced token's record, signed for its tag.
    public func tokenRecord(for update: TokenUpdate) throws -> NDEFRecord {
        guard let key = policy.tokenKey else { throw TokenError.malformed("no token key is configured") }
        return try update.token.record(uid: update.uid, key: key)
    }

    /// Takes the written counter and saves the counters.
    public func confirm(_ update: TokenUpdate) {
        state.confirmTokenWrite(update)
        guard let store else { return }
        do throws(CounterStoreError) { try store.save(state.counters) } catch { onStoreError?(error) }
    }
}
