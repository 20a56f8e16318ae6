import Credentials

/// What decisions remember between presentations: each token's counters and the recent
/// denials behind the lockouts. Times are the loop's monotonic clock.
///
/// ## The counter protocol (`security.rolling_counter`)
/// A tag carries its token in two slots (`TokenSlots`). For each token (user and UID) the door
/// keeps the counter it last *confirmed* on a tag (written and read back), the last counter it
/// *issued*, and the token's generation (its issue time):
/// - a grant issues `max(issued, presented) + 1`, and the counter file records it **before**
///   it is written, so a number is never issued twice, not even across a crash;
/// - it is written into the slot that does not hold the confirmed counter; only a verified
///   read-back confirms it. A torn or unverified write leaves the confirmed token in the other
///   slot, and the tag is accepted by it next time;
/// - a presentation is accepted only when a slot holds exactly the confirmed counter. A tag
///   that holds only other counters (an older state, or a number whose write was never
///   confirmed) cannot be the tag last confirmed: two tags show conflicting states for one
///   token, so the token is refused from then on until a newer one is issued (`conflict`);
/// - failed write-backs count toward the tag's lockout.
/// A copy that makes its read-backs fail (the pre-play) therefore moves nothing the door
/// accepts: the next confirmed write goes to the real tag, and the copy is then in conflict.
public struct DecisionState: Equatable, Sendable {
    /// A counter's owner: the token's user on the tag with this UID.
    public struct CounterKey: Hashable, Sendable {
        /// The token's user.
        public var user: String
        /// The tag's UID.
        public var uid: [UInt8]

        /// A key.
        public init(user: String, uid: [UInt8]) {
            self.user = user
            self.uid = uid
        }
    }

    /// One token's counters (what `CounterStore` persists).
    public struct TokenCounter: Equatable, Sendable {
        /// The token's issue time; a token issued later replaces this one. 0 = not known yet
        /// (taken from the next token presented).
        public var generation: UInt32
        /// The counter last written and read back on a tag: the only one accepted.
        public var confirmed: UInt32
        /// The last counter issued (at least `confirmed`); never issued again.
        public var issued: UInt32
        /// True once two tags showed conflicting states: refused until reissued.
        public var conflict: Bool

        /// A token's counters.
        public init(generation: UInt32, confirmed: UInt32, issued: UInt32? = nil, conflict: Bool = false) {
            self.generation = generation
            self.confirmed = confirmed
            self.issued = max(issued ?? confirmed, confirmed)
            self.conflict = conflict
        }
    }

    /// Every token's counters.
    public private(set) var counters: [CounterKey: TokenCounter]
    /// When the current or last global lockout began.
    public private(set) var lockedOutSince: Duration?
    /// When the current or last global lockout ends; presentations before it are not evaluated.
    public private(set) var lockedOutUntil: Duration?
    /// Times of the denials that count towards the global lockout, oldest first.
    private var recentDenials: [Duration] = []
    /// Each tag's recent denials, oldest first.
    private var tagDenials: [[UInt8]: [Duration]] = [:]
    /// When each locked-out tag's lockout ends.
    private var tagLockouts: [[UInt8]: Duration] = [:]

    /// The most tags whose denials are remembered; the quietest are forgotten first.
    static let trackedTags = 256

    /// How many tags' denials are remembered now (at most `trackedTags`, plus one).
    public var trackedTagCount: Int { tagDenials.count }

    /// A state with these counters and no lockout.
    public init(counters: [CounterKey: TokenCounter] = [:]) {
        self.counters = counters
    }

    /// The counters of `user`'s token on the tag `uid`.
    public func counter(user: String, uid: [UInt8]) -> TokenCounter? {
        counters[CounterKey(user: user, uid: uid)]
    }

    /// The last confirmed counter of `user`'s token on the tag `uid`.
    public func lastCounter(user: String, uid: [UInt8]) -> UInt32? {
        counter(user: user, uid: uid)?.confirmed
    }

    /// Records that `update`'s counter is issued (before it is written).
    public mutating func issue(_ update: TokenUpdate) {
        let key = CounterKey(user: update.token.user, uid: update.uid)
        var entry = counters[key].flatMap { $0.generation == update.token.issued || $0.generation == 0 ? $0 : nil }
            ?? TokenCounter(generation: update.token.issued, confirmed: update.base)
        entry.generation = update.token.issued
        entry.issued = max(entry.issued, update.token.counter)
        counters[key] = entry
    }

    /// Records that `update` is on its tag, written and verified. Call it only then: its
    /// counter becomes the one accepted.
    public mutating func confirmTokenWrite(_ update: TokenUpdate) {
        issue(update)
        let key = CounterKey(user: update.token.user, uid: update.uid)
        guard var entry = counters[key], !entry.conflict else { return }
        entry.confirmed = max(entry.confirmed, update.token.counter)
        counters[key] = entry
    }

    /// Refuses `user`'s token on `uid` from now on, until a newer one is issued.
    mutating func markConflict(user: String, uid: [UInt8], generation: UInt32) {
        let key = CounterKey(user: user, uid: uid)
        var entry = counters[key] ?? TokenCounter(generation: generation, confirmed: 0)
        entry.conflict = true
        counters[key] = entry
    }

    /// Starts a new generation: `token` replaces an older one on its tag.
    mutating func adopt(_ token: SignedToken, uid: [UInt8]) {
        counters[CounterKey(user: token.user, uid: uid)] = TokenCounter(generation: token.issued, confirmed: token.counter)
    }

    /// True while the global lockout runs at `now`.
    public func isLockedOut(at now: Duration) -> Bool {
        guard let lockedOutUntil else { return false }
        return now < lockedOutUntil
    }

    /// When the lockout of the tag `uid` ends, while it runs at `now`.
    public func tagLockedOut(_ uid: [UInt8], at now: Duration) -> Duration? {
        guard let until = tagLockouts[uid], now < until else { return nil }
        return until
    }

    /// What a counted denial started.
    enum LockoutStart: Equatable {
        case none
        /// The tag is locked out.
        case tag
        /// Every tag is locked out.
        case global
    }

    /// Counts a denial of the tag `uid` at `now` under `policy`.
    mutating func countDenial(of uid: [UInt8], at now: Duration, policy: LockoutPolicy) -> LockoutStart {
        tagLockouts = tagLockouts.filter { now < $0.value }
        var denials = (tagDenials[uid] ?? []).filter { now - $0 <= policy.window }
        denials.append(now)
        tagDenials[uid] = denials
        forgetQuietTags(at: now, window: policy.window)
        recentDenials.removeAll { now - $0 > policy.window }
        recentDenials.append(now)
        if recentDenials.count >= policy.globalDenials {
            recentDenials.removeAll()
            tagDenials.removeAll()
            lockedOutSince = now
            lockedOutUntil = now + policy.duration
            return .global
        }
        guard denials.count >= policy.denials else { return .none }
        tagDenials[uid] = nil
        tagLockouts[uid] = now + policy.duration
        return .tag
    }

    private mutating func forgetQuietTags(at now: Duration, window: Duration) {
        guard tagDenials.count > Self.trackedTags else { return }
        tagDenials = tagDenials.filter { $0.value.contains { now - $0 <= window } }
        while tagDenials.count > Self.trackedTags, let quietest = tagDenials.min(by: { ($0.value.last ?? .zero) < ($1.value.last ?? .zero) }) {
            tagDenials[quietest.key] = nil
        }
    }
}
