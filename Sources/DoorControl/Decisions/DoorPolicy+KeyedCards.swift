import Credentials
import EV2SecureMessaging
import Originality

/// Decisions on keyed cards (`ntag424`, `desfire` and `ultralight_aes` credentials): the card's proof alone
/// decides, never its anticollision UID, NDEF content or a token, and a card of another kind
/// showing the UID of a keyed credential is a clone.
extension DoorPolicy {
    /// The decision on a challenged card of `family`: a failed proof is denied (authentication
    /// failed; a clone when the card shows the UID of a user's keyed credential); a proven card
    /// whose signature is not NXP's is denied when its section's `require_genuine` is on (not
    /// genuine); its real UID is then matched against the users' credentials of that family.
    func keyedDecision(_ reading: KeyedCardReading, family: KeyedFamily, listedUID: [UInt8], at local: LocalTime) -> Decision {
        let failed: (authentication: Bool, words: String)
        switch reading {
        case .failed(let failure):
            failed = (failure.isAuthenticationFailure, "\(failure)")
        case .refused(let words):
            failed = (true, words)
        case .proven(let card):
            return provenDecision(card, family: family, at: local)
        }
        let what = failed.authentication ? "authentication failed" : "not read to the end"
        if failed.authentication, let (owner, ownerFamily) = keyedOwner(of: listedUID) {
            let reason = "clone: a card shows UID \(UIDNotation.hex(listedUID, separator: "")) of \(String(reflecting: owner.name))'s \(ownerFamily.cardName) and fails its key: \(what): \(failed.words)"
            return Decision(granted: false, user: nil, rule: family.section, reason: reason, alarm: reason)
        }
        return deny(rule: family.section, "\(family.cardName) \(what): \(failed.words)")
    }

    /// The decision on a card of `family` that proved its key.
    private func provenDecision(_ card: EV2ProvenCard, family: KeyedFamily, at local: LocalTime) -> Decision {
        let name = family.cardName
        let uidText = UIDNotation.hex(card.uid, separator: "")
        if config.security.revokedUIDs.contains(card.uid) {
            return deny(rule: "security.revoked_uids", "the tag \(uidText) is revoked (security.revoked_uids)")
        }
        let genuine = family.originalityKeys.contains { $0.key.verifies(signature: card.signature, uid: card.uid) }
        if !genuine, keyedCards[family]?.config.requireGenuine ?? true {
            return deny(
                rule: "\(family.section).require_genuine",
                "\(name) \(uidText) proved its key but is not genuine: its originality signature does not verify against \(family.genuineKeysName)")
        }
        let version = card.keyVersion.map { ", key version \($0)" } ?? ""
        let reason = "\(name) \(uidText) proved key \(keyedCards[family]?.config.keyNumber ?? 0)\(version)\(genuine ? ", genuine" : ", NOT genuine")"
        var outside: Decision?
        for (userIndex, user) in config.users.enumerated() {
            for (credentialIndex, credential) in user.credentials.enumerated() where credential == .keyed(family, card.uid) {
                let rule = "users[\(userIndex)] \(String(reflecting: user.name)) credentials[\(credentialIndex)] \(family.rawValue)"
                if user.isTimeBound, config.security.requireSynchronisedClock, !local.isSynchronised {
                    let alarm = "the system clock is not synchronised: users bound to dates or a schedule are refused until it is (security.require_synchronised_clock)"
                    outside = outside ?? Decision(granted: false, user: user.name, rule: rule, reason: "\(reason), but \(alarm)", alarm: alarm)
                } else if let excluded = Self.outsideTimes(user, at: local) {
                    outside = outside ?? Decision(granted: false, user: user.name, rule: rule, reason: "\(reason), but \(excluded)")
                } else {
                    return Decision(granted: true, user: user.name, rule: rule, reason: reason)
                }
            }
        }
        return outside ?? deny(rule: "default deny", "\(reason), but no user's \(family.rawValue) credential has UID \(uidText)")
    }

    /// A denial of a card that was not challenged (another family, or a door without the
    /// section of its family) showing the UID of a user's keyed credential: a clone, or a
    /// card lying about what it is. Raises an alarm.
    func keyedCloneRefusal(_ presentation: Presentation) -> Decision? {
        guard let (user, family) = keyedOwner(of: presentation.uid) else { return nil }
        let uidText = UIDNotation.hex(presentation.uid, separator: "")
        let shown = presentation.product.map { "a \($0)" } ?? "a card"
        let reason = "clone: \(shown) shows UID \(uidText) of \(String(reflecting: user.name))'s \(family.cardName) without proving its key"
        return Decision(granted: false, user: nil, rule: family.section, reason: reason, alarm: reason)
    }

    /// The first user with a keyed credential for `uid`, and its family.
    private func keyedOwner(of uid: [UInt8]) -> (User, KeyedFamily)? {
        for user in config.users {
            for case let .keyed(family, owned) in user.credentials where owned == uid { return (user, family) }
        }
        return nil
    }
}
