import Basics
import Credentials
import Crypto
import EV2SecureMessaging
import Originality

/// Who may open the door, as a pure function: the configuration, what was read from a tag
/// and the time in, a decision out. The only memory is the caller's `DecisionState`.
///
/// A presentation is decided in this order; the first step that decides, decides:
/// 1. a lockout of every tag (`global_denials`) or of this tag's UID running: denied without
///    being evaluated (rule `lockout`);
/// 2. more than one tag in the field: denied;
/// 3. a UID in `security.revoked_uids`: denied, whatever it holds; a keyed card (an NTAG 424
///    DNA challenged for `[credentials.ntag424]`, a DESFire for `[credentials.desfire]`) is
///    decided by its proof alone (`DoorPolicy+KeyedCards`); any other card showing the UID of
///    an `ntag424` or `desfire` credential, or
///    a `uid` of a user with `uid_family` from a card of another family, is denied as a clone;
///    `require_genuine`: the originality signature must verify against the configured key;
/// 4. the signed tokens (`DoorPolicy+Tokens`): at most `TokenSlots.count` token records, at
///    least one verifying for this UID and key, of an accepted format, site, key id, door
///    group and expiry, not revoked, and with rolling counters holding the confirmed
///    counter. A token that fails is a hard denial: a forged or copied token never falls
///    through to a weaker credential of the same or another user;
/// 5. users in file order, each one's credentials in order, matched against the first
///    `PresentedContent.recordLimit` records only. A user whose credential matches is
///    granted when the day is inside their validity dates and the minute inside their
///    schedule (both need a synchronised clock when `require_synchronised_clock`); a match
///    outside them is remembered and the search goes on (one entry per shift);
/// 6. a match outside its dates or schedule: denied with the user and the reason; otherwise a
///    read that failed part-way: denied with the read error; otherwise `default deny`.
///
/// Every denial from steps 2-6 counts towards `security.lockout` for the tag's UID and
/// towards the global limit (unreadable tags and failed write-backs included); denials
/// during a lockout do not extend it.
public struct DoorPolicy: Sendable {
    /// The configuration decided from.
    public let config: DoorConfig
    /// The HMAC key of signed tokens; nil when the door has none (tokens then match nothing).
    let tokenKey: SymmetricKey?
    /// The key originality signatures are checked against.
    let originalityKey: OriginalityKey
    /// The keys of each `[credentials.…]` section, read, by family.
    public let keyedCards: [KeyedFamily: KeyedCardKeys]

    /// A policy for `config`, with the token key read from `security.key_file`, the
    /// originality key `security.originality_key` names (`publicKey`) and the keys of
    /// `[credentials.…]` sections (one set for each family; a later one of a family wins).
    public init(config: DoorConfig, tokenKey: SymmetricKey?, originalityKey: OriginalityKey, keyedCards: [KeyedCardKeys] = []) {
        self.config = config
        self.tokenKey = tokenKey
        self.originalityKey = originalityKey
        var byFamily: [KeyedFamily: KeyedCardKeys] = [:]
        for keys in keyedCards { byFamily[keys.config.family] = keys }
        self.keyedCards = byFamily
    }

    /// The challenge of each keyed family the door holds keys for: what the reader runs.
    public var proofRequests: [KeyedFamily: EV2ProofRequest] {
        keyedCards.mapValues(\.proofRequest)
    }

    /// The decision on `presentation` at local wall-clock time `local` and monotonic time
    /// `now`, updating `state`'s lockouts and, with rolling counters, a token's generation or
    /// conflict. Counters advance only through `DecisionState.issue` and `confirmTokenWrite`.
    public func decide(_ presentation: Presentation, at local: LocalTime, monotonic now: Duration, state: inout DecisionState) -> Decision {
        if let refusal = lockoutRefusal(presentation.uid, at: now, state: state) { return refusal }
        let (decision, counts, change) = evaluate(presentation, at: local, state: state)
        switch change {
        case .adopt(let token)?: state.adopt(token, uid: presentation.uid)
        case .conflict(let token)?: state.markConflict(user: token.user, uid: presentation.uid, generation: token.issued)
        case nil: break
        }
        guard !decision.granted, counts else { return decision }
        return counted(decision, uid: presentation.uid, at: now, state: &state)
    }

    /// Counts a write-back that failed (torn, or not read back) against the tag and the
    /// global limit; returns the lockout it started, in words, if any.
    public func countFailedWrite(of uid: [UInt8], at now: Duration, state: inout DecisionState) -> String? {
        guard let lockout = config.security.lockout else { return nil }
        return lockoutText(state.countDenial(of: uid, at: now, policy: lockout), lockout)
    }

    /// The denial `decision` counted for `uid`, its reason saying when it started a lockout.
    private func counted(_ decision: Decision, uid: [UInt8], at now: Duration, state: inout DecisionState) -> Decision {
        guard let lockout = config.security.lockout, let started = lockoutText(state.countDenial(of: uid, at: now, policy: lockout), lockout) else {
            return decision
        }
        var locking = decision
        locking.reason += "; \(started)"
        return locking
    }

    private func lockoutText(_ start: DecisionState.LockoutStart, _ lockout: LockoutPolicy) -> String? {
        switch start {
        case .none: nil
        case .tag: "\(Self.denials(lockout.denials)) of this tag within \(Self.seconds(lockout.window)): it is ignored for \(Self.seconds(lockout.duration))"
        case .global: "\(Self.denials(lockout.globalDenials)) within \(Self.seconds(lockout.window)): presentations are ignored for \(Self.seconds(lockout.duration))"
        }
    }

    /// A denial without evaluation while a lockout of every tag or of this UID runs (one
    /// that began before a reload too).
    private func lockoutRefusal(_ uid: [UInt8], at now: Duration, state: DecisionState) -> Decision? {
        let lockout = config.security.lockout
        if state.isLockedOut(at: now), let until = state.lockedOutUntil {
            let cause = lockout.map { " after \(Self.denials($0.globalDenials)) within \(Self.seconds($0.window))" } ?? ""
            return Decision(granted: false, user: nil, rule: "lockout", reason: "locked out\(cause) (\(Self.seconds(until - now)) left)")
        }
        if let until = state.tagLockedOut(uid, at: now) {
            let cause = lockout.map { " after \(Self.denials($0.denials)) within \(Self.seconds($0.window))" } ?? ""
            return Decision(granted: false, user: nil, rule: "lockout", reason: "this tag is locked out\(cause) (\(Self.seconds(until - now)) left)")
        }
        return nil
    }

    /// What a decision changes in a token's counters besides the lockout.
    enum CounterChange {
        /// A newer token replaced an older one on the tag.
        case adopt(SignedToken)
        /// The tag showed a state that conflicts with the one confirmed.
        case conflict(SignedToken)
    }

    /// The decision before the lockout, whether a denial counts towards one, and the change
    /// to the counters.
    private func evaluate(_ presentation: Presentation, at local: LocalTime, state: DecisionState) -> (Decision, counts: Bool, CounterChange?) {
        if presentation.multipleTags {
            return (deny(rule: "multiple tags", "More than one tag detected"), true, nil)
        }
        if config.security.revokedUIDs.contains(presentation.uid) {
            return (deny(rule: "security.revoked_uids", "the tag \(UIDNotation.hex(presentation.uid, separator: "")) is revoked (security.revoked_uids)"), true, nil)
        }
        if let keyed = presentation.keyedCard {
            return (keyedDecision(keyed, family: presentation.keyedFamily ?? .ntag424, listedUID: presentation.uid, at: local), true, nil)
        }
        if let clone = keyedCloneRefusal(presentation) ?? uidFamilyRefusal(presentation) {
            return (clone, true, nil)
        }
        if config.security.requireGenuine, let refusal = genuineRefusal(presentation) {
            return (deny(rule: "security.require_genuine", refusal), true, nil)
        }
        let content = PresentedContent(presentation.message)
        let check: TokenCheck
        switch checkTokens(content, uid: presentation.uid, at: local, state: state) {
        case .success(let accepted): check = accepted
        case .failure(let refusal): return (refusal.decision, true, refusal.change)
        }
        var outside: Decision?
        for (userIndex, user) in config.users.enumerated() {
            for (credentialIndex, credential) in user.credentials.enumerated() {
                guard let (reason, token) = credential.match(uid: presentation.uid, content: content, tokens: check.tokens, user: user.name) else { continue }
                let rule = "users[\(userIndex)] \(String(reflecting: user.name)) credentials[\(credentialIndex)] \(credential.kind)"
                if user.isTimeBound, config.security.requireSynchronisedClock, !local.isSynchronised {
                    let alarm = "the system clock is not synchronised: users bound to dates or a schedule are refused until it is (security.require_synchronised_clock)"
                    outside = outside ?? Decision(granted: false, user: user.name, rule: rule, reason: "\(reason), but \(alarm)", alarm: alarm)
                    break
                }
                if let excluded = Self.outsideTimes(user, at: local) {
                    outside = outside ?? Decision(granted: false, user: user.name, rule: rule, reason: "\(reason), but \(excluded)")
                    break
                }
                if user.deniedWhenStale, let stale = staleRefusal(at: local) {
                    outside = outside ?? Decision(granted: false, user: user.name, rule: rule, reason: "\(reason), but \(stale)")
                    break
                }
                return (grant(user: user.name, rule: rule, reason: reason, token: token, check: check, uid: presentation.uid), true, check.change)
            }
        }
        if let outside { return (outside, true, check.change) }
        if let refusal = presentation.ndefRefusal {
            return (deny(rule: "not an NDEF tag", "\(refusal), and no user's uid credential matches UID \(UIDNotation.hex(presentation.uid, separator: ""))"), true, check.change)
        }
        if let readError = presentation.readError {
            return (deny(rule: "read error", "the tag could not be read: \(readError)"), true, nil)
        }
        return (deny(rule: "default deny", "no user's credential matches UID \(UIDNotation.hex(presentation.uid, separator: ""))"), true, check.change)
    }

    /// A grant, with the advanced token to write back when counters roll.
    private func grant(user: String, rule: String, reason: String, token: SignedToken?, check: TokenCheck, uid: [UInt8]) -> Decision {
        guard config.security.rollingCounter, let token else {
            return Decision(granted: true, user: user, rule: rule, reason: reason)
        }
        guard let next = check.nextCounter else {
            return Decision(granted: false, user: user, rule: rule, reason: "the token's counter is exhausted: issue a new token")
        }
        var advanced = token
        advanced.counter = next
        return Decision(granted: true, user: user, rule: rule, reason: reason, tokenUpdate: TokenUpdate(token: advanced, uid: uid, slot: check.slotToWrite, base: check.base))
    }

    /// Why the originality signature is not acceptable, or nil when it verifies.
    private func genuineRefusal(_ presentation: Presentation) -> String? {
        guard let signature = presentation.signature else {
            let cause = presentation.readError.map { " (\($0))" } ?? ""
            return "no originality signature was read\(cause): genuine tags are required"
        }
        guard originalityKey.verifies(signature: signature, uid: presentation.uid) else {
            return "the originality signature does not verify against the \(keyName): not a genuine tag"
        }
        return nil
    }

    private var keyName: String {
        switch originalityKey {
        case .nxpNTAG21x: "NXP NTAG21x key"
        case .pn532ctlTest: "pn532ctl test key"
        default: "configured key"
        }
    }

    /// Why a `deny_when_stale` user may not enter at `local`: the snapshot is stale, or the
    /// clock cannot say whether it is; nil when it is fresh.
    func staleRefusal(at local: LocalTime) -> String? {
        guard let fleet = config.fleet else { return nil }
        guard local.isSynchronised, let seconds = local.epochSeconds else {
            return "the system clock is not synchronised, so the users snapshot's age is unknown (deny_when_stale)"
        }
        guard fleet.staleness(at: AuditTime(epochSeconds: seconds)) != nil else { return nil }
        return "the users snapshot (version \(fleet.version)) is stale (deny_when_stale)"
    }

    /// Why `user` may not enter at `local`, or nil when they may.
    static func outsideTimes(_ user: User, at local: LocalTime) -> String? {
        if let from = user.validFrom, local.date < from { return "valid from \(from)" }
        if let until = user.validUntil, local.date > until { return "valid until \(until)" }
        if let schedule = user.schedule, !schedule.allows(local) { return "outside schedule \(schedule.windows.map(ScheduleNotation.format).joined(separator: ", "))" }
        return nil
    }

    func deny(rule: String, _ reason: String) -> Decision {
        Decision(granted: false, user: nil, rule: rule, reason: reason)
    }

    /// `5 denials`, `1 denial`.
    private static func denials(_ count: Int) -> String {
        count == 1 ? "1 denial" : "\(count) denials"
    }

    /// `30 s`, rounded up to whole seconds.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds + (attoseconds > 0 ? 1 : 0)) s"
    }
}
