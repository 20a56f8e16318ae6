import Credentials

/// The answer to a presentation: granted or denied, who, by which rule, and why.
public struct Decision: Equatable, Sendable {
    /// True when the door opens.
    public var granted: Bool
    /// The user matched, when one was (also on denials outside a schedule).
    public var user: String?
    /// The rule that decided (`users[2].credentials[0] uid`, `lockout`, `default deny`).
    public var rule: String
    /// Why, in words for the audit log.
    public var reason: String
    /// On a grant with rolling counters: the token to write back, counter advanced.
    public var tokenUpdate: TokenUpdate?
    /// Something an operator must look at (a token seen in two states, counters that cannot
    /// be saved, an unsynchronised clock); nil when nothing is wrong.
    public var alarm: String?

    /// A decision.
    public init(granted: Bool, user: String?, rule: String, reason: String, tokenUpdate: TokenUpdate? = nil, alarm: String? = nil) {
        self.granted = granted
        self.user = user
        self.rule = rule
        self.reason = reason
        self.tokenUpdate = tokenUpdate
        self.alarm = alarm
    }
}

/// A token's counter to advance on the tag after a grant.
public struct TokenUpdate: Equatable, Sendable {
    /// The token as it should now read (counter advanced).
    public var token: SignedToken
    /// The tag it belongs to.
    public var uid: [UInt8]
    /// The token slot to write (0 or 1): the one not holding the confirmed counter.
    public var slot: Int
    /// The confirmed counter the tag showed.
    public var base: UInt32

    /// An update.
    public init(token: SignedToken, uid: [UInt8], slot: Int = 1, base: UInt32? = nil) {
        self.token = token
        self.uid = uid
        self.slot = slot
        self.base = base ?? token.counter &- 1
    }
}
