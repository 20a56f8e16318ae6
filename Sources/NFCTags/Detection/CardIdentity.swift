import NFCCore

/// A card named from its activation bytes and, for an ISO-DEP Type A card, from its
/// GetVersion: what `identify` and the reader's refusals of cards without NDEF print.
public struct CardIdentity: Hashable, Sendable {
    /// The card's activation bytes.
    public var info: TargetInfo
    /// The family.
    public var family: CardFamily
    /// The card's GetVersion; nil when none was asked (not an ISO-DEP Type A card) or the card
    /// refused it.
    public var version: NXPCardVersion?

    /// A card, its family and the version that named it.
    public init(info: TargetInfo, family: CardFamily, version: NXPCardVersion? = nil) {
        self.info = info
        self.family = family
        self.version = version
    }

    /// Names the card `info` describes. An ISO-DEP Type A card is asked its GetVersion over
    /// `exchange` (at most three frames, see ``NXPCardVersion/query(over:)``); a card that
    /// refuses it or answers something else is named without it (a bank card, a phone: an
    /// ISO-DEP card). Other cards get no command.
    ///
    /// - Throws: `.noAnswer` when the card stopped answering, `.transport` when the reader
    ///   failed: the card cannot be named then.
    public init(info: TargetInfo, over exchange: any TagExchange) throws(TagExchangeError) {
        guard Self.asksVersion(info) else {
            self.init(info: info, family: CardFamily(info: info))
            return
        }
        do throws(NXPCardVersionError) {
            let version = try NXPCardVersion.query(over: exchange)
            self.init(info: info, family: CardFamily(info: info, version: .answer(version.hardware.bytes)), version: version)
        } catch {
            switch error {
            case .exchange(.noAnswer): throw .noAnswer
            case let .exchange(.transport(failure)): throw .transport(failure)
            default: self.init(info: info, family: CardFamily(info: info, version: .noAnswer))
            }
        }
    }

    /// True for an ISO-DEP Type A target the SAK does not already name (a SmartMX's MIFARE
    /// emulation is named by it): DESFire, NTAG 424 DNA, bank cards, phones.
    public static func asksVersion(_ info: TargetInfo) -> Bool {
        guard case let .nfcA(target) = info, target.supportsISODEP else { return false }
        switch CardFamily(info: info) {
        case .desfire, .ntag424DNA, .isoDEP, .randomUIDDevice: return true
        default: return false
        }
    }
}
