import Credentials
import EV2SecureMessaging
import Originality

/// Decisions on keyed cards (`ntag424` credentials): the card's proof alone decides, never its
/// anticollision UID, NDEF content or a token, and a card of another kind showing the UID of
/// a keyed credential is a clone.
extension DoorPolicy {
    /// The rule of a keyed card's decision when no user's credential decided.
    static let keyedRule = "credentials.ntag424"

    /// The decision on a challenged NTAG 424 DNA: a failed proof is denied (authentication
    /// failed; a clone when the card shows the UID of a user's credential); a proven card whose signature is not NXP's is denied when `require_genuine`
    /// (not genuine); its real UID is then matched against the users' `ntag424` credentials.
    func keyedDecision(_ reading: KeyedCardReading, listedUID: [UInt8], at local: LocalTime) -> Decision {
        let card: EV2ProvenCard
        switch reading {
        case .failed(let failure):
            let what = failure.isAuthenticationFailure ? "authentication failed" : "not read to the end"
            let owner = config.users.first { $0.credentials.contains(.ntag424(listedUID)) }
            if failure.isAuthenticationFailure, let owner {
                let reason = "clone: a card shows UID \(UIDNotation.hex(listedUID, separator: "")) of \(String(reflecting: owner.name))'s NTAG 424 DNA and fails its key: \(what): \(failure)"
                return Decision(granted: false, user: nil, rule: Self.keyedRule, reason: reason, alarm: reason)
            }
            return deny(rule: Self.keyedRule, "NTAG 424 DNA \(what): \(failure)")
        case .proven(let proven):
            card = proven
        }
        let uidText = UIDNotation.hex(card.uid, separator: "")
        if config.security.revokedUIDs.contains(card.uid) {
            return deny(rule: "security.revoked_uids", "the tag \(uidText) is revoked (security.revoked_uids)")
        }
        let genuine = NXPOriginalityKey.ntag424DNA.key.verifies(signature: card.signature, uid: card.uid)
        if !genuine, keyedCards?.config.requireGenuine ?? true {
            return deny(
                rule: "credentials.ntag424.require_genuine",
                "NTAG 424 DNA \(uidText) proved its key but is not genuine: its originality signature does not verify against NXP's NTAG 424 DNA key")
        }
        let version = card.keyVersion.map { ", key version \($0)" } ?? ""
        let reason = "NTAG 424 DNA \(uidText) proved key \(keyedCards?.config.keyNumber ?? 0)\(version)\(genuine ? ", genuine" : ", NOT genuine")"
        var outside: Decision?
        for (userIndex, user) in config.users.enumerated() {
            for (credentialIndex, credential) in user.credentials.enumerated() where credential == .ntag424(card.uid) {
                let rule = "users[\(userIndex)] \(String(reflecting: user.name)) credentials[\(credentialIndex)] ntag424"
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
        return outside ?? deny(rule: "default deny", "\(reason), but no user's ntag424 credential has UID \(uidText)")
    }

    /// A denial of a card that was not challenged (another family, or a door without
    /// `[credentials.ntag424]` keys) showing the UID of a user's `ntag424` credential: a
    /// clone, or a card lying about what it is. Raises an alarm.
    func keyedCloneRefusal(_ presentation: Presentation) -> Decision? {
        for user in config.users where user.credentials.contains(.ntag424(presentation.uid)) {
            let uidText = UIDNotation.hex(presentation.uid, separator: "")
            let shown = presentation.product.map { "a \($0)" } ?? "a card"
            let reason = "clone: \(shown) shows UID \(uidText) of \(String(reflecting: user.name))'s NTAG 424 DNA without proving its key"
            return Decision(granted: false, user: nil, rule: Self.keyedRule, reason: reason, alarm: reason)
        }
        return nil
    }
}
