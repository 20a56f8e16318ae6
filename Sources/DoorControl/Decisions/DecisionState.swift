/// What decisions remember between presentations: the last confirmed token counter per user
/// and tag, and the recent denials behind a lockout. Times are the loop's monotonic clock.
///
/// ## Why rolling counters are tear-safe
/// A grant by a signed token carries a `TokenUpdate` with the counter advanced by one. The
/// state takes the new counter only when the caller says the new token is on the tag, read
/// back and verified (`confirmTokenWrite`). Until then the counter on the tag stays valid, so:
/// - a write that fails or is torn leaves the old message, the new one or an empty one, never
///   a mix, because Type 2 NDEF writes are tear-safe (the TLV length is cleared first and set
///   last; `Type2Tag.writeNDEF`);
/// - the old message still carries a counter equal to the last confirmed one: accepted;
/// - the new message carries a higher counter: accepted too, since only counters *older* than
///   the last confirmed are refused, and the next grant confirms it;
/// - an empty message holds no token: denied until the token is issued again, never opened.
/// A copy taken before the last confirmed grant shows an older counter and is refused.
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

    /// The last counter confirmed on each tag (what `CounterStore` persists).
    public private(set) var counters: [CounterKey: UInt32]
    /// When the current or last lockout began.
    public private(set) var lockedOutSince: Duration?
    /// When the current or last lockout ends; presentations before it are not evaluated.
    public private(set) var lockedOutUntil: Duration?
    /// Times of the denials that count towards a lockout, oldest first.
    private var recentDenials: [Duration] = []

    /// A state with these confirmed counters and no lockout.
    public init(counters: [CounterKey: UInt32] = [:]) {
        self.counters = counters
    }

    /// The last confirmed counter of `user`'s token on the tag `uid`.
    public func lastCounter(user: String, uid: [UInt8]) -> UInt32? {
        counters[CounterKey(user: user, uid: uid)]
    }

    /// Records that `update` is on its tag, written and verified. Call it only then: the
    /// counter it carries becomes the oldest one accepted. A lower counter never replaces a
    /// higher one.
    public mutating func confirmTokenWrite(_ update: TokenUpdate) {
        let key = CounterKey(user: update.token.user, uid: update.uid)
        counters[key] = max(counters[key] ?? 0, update.token.counter)
    }

    /// True while a lockout is running at `now`.
    public func isLockedOut(at now: Duration) -> Bool {
        guard let lockedOutUntil else { return false }
        return now < lockedOutUntil
    }

    /// Counts a denial at `now`; returns true when it starts a lockout under `policy`.
    mutating func countDenial(at now: Duration, policy: LockoutPolicy) -> Bool {
        recentDenials.removeAll { now - $0 > policy.window }
        recentDenials.append(now)
        guard recentDenials.count >= policy.denials else { return false }
        recentDenials.removeAll()
        lockedOutSince = now
        lockedOutUntil = now + policy.duration
        return true
    }
}
