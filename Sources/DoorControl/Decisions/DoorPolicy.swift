import Crypto
import Originality

/// Who may open the door, as a pure function: the configuration, what was read from a tag
/// and the time in, a decision out. The only memory is the caller's `DecisionState`.
///
/// A presentation is decided in this order; the first step that decides, decides:
/// 1. more than one tag in the field: denied;
/// 2. a lockout running: denied without being evaluated (rule `lockout`);
/// 3. `require_genuine`: the originality signature must verify against the configured key;
/// 4. every signed-token record on the tag must verify for this UID and key, and with
///    rolling counters must not be older than the last confirmed counter. A token that fails
///    is a hard denial: a forged or copied token never falls through to a weaker credential
///    of the same or another user;
/// 5. users in file order, each one's credentials in order. A user whose credential matches
///    is granted when the day is inside their validity dates and the minute inside their
///    schedule; a match outside them is remembered and the search goes on (a person may have
///    one entry per shift);
/// 6. a match outside its dates or schedule: denied with the user and the reason; otherwise a
///    read that failed part-way: denied with the read error; otherwise `default deny`.
///
/// Every denial from steps 1-6 counts towards `security.lockout`, except those caused by a
/// read that failed part-way (a fault of the RF link, not a guess) and denials during a
/// lockout (they do not extend it).
public struct DoorPolicy: Sendable {
    /// The configuration decided from.
    public let config: DoorConfig
    /// The HMAC key of signed tokens; nil when the door has none (tokens then match nothing).
    let tokenKey: SymmetricKey?
    /// The key originality signatures are checked against.
    let originalityKey: OriginalityKey

    /// A policy for `config`, with the token key read from `security.key_file` and the
    /// originality key `security.originality_key` names (`publicKey`).
    public init(config: DoorConfig, tokenKey: SymmetricKey?, originalityKey: OriginalityKey) {
        self.config = config
        self.tokenKey = tokenKey
        self.originalityKey = originalityKey
    }

    /// The decision on `presentation` at local wall-clock time `local` and monotonic time
    /// `now`, updating `state`'s lockout. Counters in `state` change only through
    /// `DecisionState.confirmTokenWrite`.
    public func decide(_ presentation: Presentation, at local: LocalTime, monotonic now: Duration, state: inout DecisionState) -> Decision {
        if state.isLockedOut(at: now), let until = state.lockedOutUntil, !presentation.multipleTags {
            return Decision(granted: false, user: nil, rule: "lockout", reason: lockoutReason(remaining: until - now))
        }
        let (decision, counts) = evaluate(presentation, at: local, state: state)
        guard !decision.granted, counts, !state.isLockedOut(at: now), let lockout = config.security.lockout else { return decision }
        guard state.countDenial(at: now, policy: lockout) else { return decision }
        var locking = decision
        locking.reason += "; \(Self.denials(lockout)) within \(Self.seconds(lockout.window)): presentations are ignored for \(Self.seconds(lockout.duration))"
        return locking
    }

    /// The decision before the lockout, and whether a denial counts towards one.
    private func evaluate(_ presentation: Presentation, at local: LocalTime, state: DecisionState) -> (Decision, counts: Bool) {
        if presentation.multipleTags {
            return (deny(rule: "multiple tags", "More than one tag detected"), true)
        }
        if config.security.requireGenuine, let refusal = genuineRefusal(presentation) {
            return (deny(rule: "security.require_genuine", refusal), presentation.signature != nil || presentation.readError == nil)
        }
        let content = PresentedContent(presentation.message)
        let tokens: [SignedToken]
        switch verifiedTokens(content, uid: presentation.uid, state: state) {
        case .success(let verified): tokens = verified
        case .failure(let refusal): return (refusal.decision, true)
        }
        var outside: Decision?
        for (userIndex, user) in config.users.enumerated() {
            for (credentialIndex, credential) in user.credentials.enumerated() {
                guard let (reason, token) = credential.match(uid: presentation.uid, content: content, tokens: tokens, user: user.name) else { continue }
                let rule = "users[\(userIndex)] \(String(reflecting: user.name)) credentials[\(credentialIndex)] \(credential.kind)"
                if let excluded = Self.outsideTimes(user, at: local) {
                    outside = outside ?? Decision(granted: false, user: user.name, rule: rule, reason: "\(reason), but \(excluded)")
                    break
                }
                return (grant(user: user.name, rule: rule, reason: reason, token: token, uid: presentation.uid), true)
            }
        }
        if let outside { return (outside, true) }
        if let readError = presentation.readError {
            return (deny(rule: "read error", "the tag could not be read: \(readError)"), false)
        }
        return (deny(rule: "default deny", "no user's credential matches UID \(UIDNotation.hex(presentation.uid, separator: ""))"), true)
    }

    /// A grant, with the advanced token to write back when counters roll.
    private func grant(user: String, rule: String, reason: String, token: SignedToken?, uid: [UInt8]) -> Decision {
        guard config.security.rollingCounter, let token else {
            return Decision(granted: true, user: user, rule: rule, reason: reason)
        }
        guard token.counter < UInt32.max else {
            return Decision(granted: false, user: user, rule: rule, reason: "the token's counter is exhausted: issue a new token")
        }
        var advanced = token
        advanced.counter += 1
        return Decision(granted: true, user: user, rule: rule, reason: reason, tokenUpdate: TokenUpdate(token: advanced, uid: uid))
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

    /// A token check that failed: a hard denial.
    private struct TokenRefusal: Error {
        var decision: Decision
    }

    /// The token records, all verified for `uid` and not stale; a refusal when any is not.
    private func verifiedTokens(_ content: PresentedContent, uid: [UInt8], state: DecisionState) -> Result<[SignedToken], TokenRefusal> {
        guard let tokenKey else { return .success([]) }
        var tokens: [SignedToken] = []
        for record in content.tokenRecords {
            let token: SignedToken
            do throws(TokenError) {
                token = try SignedToken(record: record, uid: uid, key: tokenKey)
            } catch {
                return .failure(TokenRefusal(decision: deny(rule: "signed token", "token refused: \(error)")))
            }
            if config.security.rollingCounter, let last = state.lastCounter(user: token.user, uid: uid), token.counter < last {
                let reason = "token refused: counter \(token.counter) is older than \(last): a copy of an earlier state"
                return .failure(TokenRefusal(decision: Decision(granted: false, user: token.user, rule: "signed token", reason: reason)))
            }
            tokens.append(token)
        }
        return .success(tokens)
    }

    /// Why `user` may not enter at `local`, or nil when they may.
    private static func outsideTimes(_ user: User, at local: LocalTime) -> String? {
        if let from = user.validFrom, local.date < from { return "valid from \(from)" }
        if let until = user.validUntil, local.date > until { return "valid until \(until)" }
        if let schedule = user.schedule, !schedule.allows(local) { return "outside schedule \(schedule.windows.map(ScheduleNotation.format).joined(separator: ", "))" }
        return nil
    }

    private func deny(rule: String, _ reason: String) -> Decision {
        Decision(granted: false, user: nil, rule: rule, reason: reason)
    }

    private func lockoutReason(remaining: Duration) -> String {
        guard let lockout = config.security.lockout else { return "locked out" }
        return "locked out after \(Self.denials(lockout)) within \(Self.seconds(lockout.window)) (\(Self.seconds(remaining)) left)"
    }

    /// `5 denials`, `1 denial`.
    private static func denials(_ lockout: LockoutPolicy) -> String {
        lockout.denials == 1 ? "1 denial" : "\(lockout.denials) denials"
    }

    /// `30 s`, rounded up to whole seconds.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds + (attoseconds > 0 ? 1 : 0)) s"
    }
}
