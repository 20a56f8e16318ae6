import Credentials

/// The signed-token step of a decision: slots, format, site, key id, groups, expiry,
/// revocation and, with rolling counters, the counter protocol (`DecisionState`).
extension DoorPolicy {
    /// The tokens a presentation may use, and what a grant writes back.
    struct TokenCheck {
        /// The verified token, or none.
        var tokens: [SignedToken] = []
        /// The confirmed counter the tag holds.
        var base: UInt32 = 0
        /// The counter a grant issues; nil when exhausted.
        var nextCounter: UInt32?
        /// The slot (among the token records) a grant writes.
        var slotToWrite = 1
        /// The change to the counters, whatever the decision.
        var change: CounterChange?
    }

    /// A token check that failed: a hard denial.
    struct TokenRefusal: Error {
        var decision: Decision
        var change: CounterChange?
    }

    /// The tag's token, checked; a refusal when it holds token records of which none is
    /// acceptable.
    func checkTokens(_ content: PresentedContent, uid: [UInt8], at local: LocalTime, state: DecisionState) -> Result<TokenCheck, TokenRefusal> {
        guard let tokenKey, !content.tokenRecords.isEmpty else { return .success(TokenCheck()) }
        guard content.tokenRecords.count <= TokenSlots.count else {
            return refuse(nil, "the tag holds \(content.tokenRecords.count) token records; a tag has at most \(TokenSlots.count) token slots")
        }
        var slots: [(index: Int, token: SignedToken)] = []
        var failure: TokenError?
        for (index, record) in content.tokenRecords.enumerated() {
            do throws(TokenError) { slots.append((index, try SignedToken(record: record, uid: uid, key: tokenKey))) } catch { failure = failure ?? error }
        }
        guard let token = slots.first?.token else { return refuse(nil, "token refused: \(failure.map(String.init(describing:)) ?? "none verifies")") }
        guard slots.allSatisfy({ Self.sameToken($0.token, token) }) else {
            return refuse(token.user, "token refused: its two slots hold different tokens")
        }
        if let refusal = acceptance(of: token, at: local) { return refuse(token.user, "token refused: \(refusal)") }
        guard config.security.rollingCounter else { return .success(TokenCheck(tokens: [token])) }
        return rolling(slots, token: token, uid: uid, state: state)
    }

    /// The counter protocol: the tag must hold the counter confirmed last.
    private func rolling(_ slots: [(index: Int, token: SignedToken)], token: SignedToken, uid: [UInt8], state: DecisionState) -> Result<TokenCheck, TokenRefusal> {
        let counters = slots.map(\.token.counter)
        let highest = counters.max() ?? token.counter
        guard let entry = state.counter(user: token.user, uid: uid) else {
            return .success(accepted(slots, base: highest, issued: highest, change: nil))
        }
        if entry.generation != 0, token.issued < entry.generation {
            return refuse(token.user, "token refused: it was replaced by a token issued at \(entry.generation) (this one: \(token.issued))")
        }
        if entry.generation != 0, token.issued > entry.generation {
            var newest = token
            newest.counter = highest
            return .success(accepted(slots, base: highest, issued: highest, change: .adopt(newest)))
        }
        let tag = "\(String(reflecting: token.user))'s token on tag \(UIDNotation.hex(uid, separator: ""))"
        if entry.conflict {
            let alarm = "\(tag) was seen in two conflicting states (a copy exists): it is refused until it is reissued (pn532ctl token issue)"
            return .failure(TokenRefusal(decision: Decision(granted: false, user: token.user, rule: "signed token", reason: "token refused: \(alarm)", alarm: alarm)))
        }
        if counters.contains(entry.confirmed), highest <= entry.issued {
            return .success(accepted(slots, base: entry.confirmed, issued: entry.issued, change: nil))
        }
        let shown = counters.map(String.init).joined(separator: " and ")
        let alarm = "\(tag) shows counter \(shown) but the counter confirmed last is \(entry.confirmed) (issued last \(entry.issued)): two tags hold this token (a copy of an earlier state, or a copy used first); it is refused until it is reissued"
        return .failure(TokenRefusal(
            decision: Decision(granted: false, user: token.user, rule: "signed token", reason: "token refused: \(alarm)", alarm: alarm),
            change: .conflict(token)))
    }

    /// A tag accepted on the slot holding `base`; the next counter follows `issued`.
    private func accepted(_ slots: [(index: Int, token: SignedToken)], base: UInt32, issued: UInt32, change: CounterChange?) -> TokenCheck {
        let holding = slots.first { $0.token.counter == base }?.index ?? 0
        var token = slots.first { $0.token.counter == base }?.token ?? slots[0].token
        token.counter = base
        let top = max(base, issued)
        return TokenCheck(tokens: [token], base: base, nextCounter: top < UInt32.max ? top + 1 : nil, slotToWrite: holding == 0 ? 1 : 0, change: change)
    }

    /// Why `token` is not acceptable at this door at `local`, or nil when it is.
    private func acceptance(of token: SignedToken, at local: LocalTime) -> String? {
        let security = config.security
        switch token.format {
        case .v1:
            guard security.acceptV1Tokens else {
                return "a version 1 token (no site, key id or expiry under its MAC): reissue it with `pn532ctl token issue`, or set security.accept_v1_tokens = true"
            }
        case .v2:
            guard token.keyID == security.keyID else { return "signed under key id \(token.keyID); this door's key is key id \(security.keyID)" }
            guard token.site == security.site else { return "issued for site \(String(reflecting: token.site)); this door is site \(String(reflecting: security.site))" }
            guard token.groups.isEmpty || token.groups.contains(where: security.groups.contains) else {
                return "opens door groups \(token.groups.joined(separator: ", ")); this door is in \(security.groups.isEmpty ? "no group" : security.groups.joined(separator: ", "))"
            }
            if token.expires != 0 {
                guard let now = local.epochSeconds, local.isSynchronised || !security.requireSynchronisedClock else {
                    return "it expires, and the clock cannot be trusted to say whether it has (not synchronised)"
                }
                guard now <= Int64(token.expires) else { return "expired at \(token.expires) (seconds since 1970)" }
            }
        }
        if let user = config.users.first(where: { $0.name.utf8.elementsEqual(token.user.utf8) }), let after = user.tokensIssuedAfter, token.issued <= after {
            return "issued at \(token.issued), not after tokens_issued_after = \(after) of user \(String(reflecting: user.name)): revoked"
        }
        return nil
    }

    /// True when `a` and `b` are the same token but for the counter.
    private static func sameToken(_ a: SignedToken, _ b: SignedToken) -> Bool {
        var other = a
        other.counter = b.counter
        return other == b
    }

    private func refuse(_ user: String?, _ reason: String) -> Result<TokenCheck, TokenRefusal> {
        .failure(TokenRefusal(decision: Decision(granted: false, user: user, rule: "signed token", reason: reason)))
    }
}
