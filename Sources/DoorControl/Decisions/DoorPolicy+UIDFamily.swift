/// `uid_family`: a UID opens only on a card of the family it was enrolled from.
extension DoorPolicy {
    /// A denial of a card showing the UID of a user with `uid_family` while its activation bytes
    /// name another family (or none): a UID-changeable tag or an emulator. Raises an alarm.
    func uidFamilyRefusal(_ presentation: Presentation) -> Decision? {
        for (index, user) in config.users.enumerated() {
            guard let family = user.uidFamily, user.credentials.contains(.uid(presentation.uid)) else { continue }
            guard presentation.family != family else { return nil }
            let shown = presentation.family.map { "a \($0.rawValue) card" } ?? "a card of no known family"
            let product = presentation.product.map { " (\($0))" } ?? ""
            let reason = "clone: \(shown)\(product) shows UID \(UIDNotation.hex(presentation.uid, separator: "")) of \(String(reflecting: user.name)), enrolled from a \(family.rawValue) card (uid_family)"
            return Decision(granted: false, user: nil, rule: "users[\(index)] \(String(reflecting: user.name)) uid_family", reason: reason, alarm: reason)
        }
        return nil
    }
}
