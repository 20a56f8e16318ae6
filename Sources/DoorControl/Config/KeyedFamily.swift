import Originality

/// A card family the door challenges for a key the card never reveals: each has its
/// `[credentials.…]` section and its user credential key of the same name.
public enum KeyedFamily: String, CaseIterable, Sendable {
    /// NTAG 424 DNA (`ntag424`): the card's application key `key_number`, diversified over
    /// UID ‖ key number ‖ system id.
    case ntag424
    /// A DESFire EV2/EV3 AES application (`desfire`): its key `key_number`, diversified over
    /// UID ‖ AID ‖ system id.
    case desfire
    /// A MIFARE Ultralight AES (`ultralight_aes`): its DataProtKey, diversified over UID ‖
    /// system id; no key number, key version or Random ID.
    case ultralightAES = "ultralight_aes"

    /// `credentials.ntag424`: the section, and the rule of decisions no user's credential made.
    public var section: String { "credentials.\(rawValue)" }

    /// The card as logs name it.
    public var cardName: String {
        switch self {
        case .ntag424: "NTAG 424 DNA"
        case .desfire: "DESFire"
        case .ultralightAES: "Ultralight AES"
        }
    }

    /// NXP's originality keys a genuine card of the family is signed with (secp224r1; secp192r1
    /// for Ultralight AES).
    var originalityKeys: [NXPOriginalityKey] {
        switch self {
        case .ntag424: [.ntag424DNA]
        case .desfire: [.desfireEV2, .desfireEV2XL, .desfireEV3]
        case .ultralightAES: [.ultralightAES, .ultralightAESAlternate]
        }
    }

    /// What `require_genuine` checks, in words.
    var genuineKeysName: String {
        switch self {
        case .ntag424: "NXP's NTAG 424 DNA key"
        case .desfire: "NXP's DESFire EV2, EV2 XL or EV3 keys"
        case .ultralightAES: "NXP's Ultralight AES keys"
        }
    }
}
