import NFCCore
import NFCTags

/// The card family a user's `uid` credentials were enrolled from (`uid_family`): a UID shown
/// by a card of another family is refused as a clone (a UID-changeable NTAG taking a DESFire's
/// UID, a MIFARE Classic taking a type B card's). Named from the activation bytes alone.
public enum UIDFamily: String, CaseIterable, Equatable, Sendable {
    /// NFC Forum Type 2: NTAG, MIFARE Ultralight (SAK 00).
    case type2
    /// MIFARE Classic, Plus in SL2, a SmartMX's Classic emulation.
    case classic
    /// MIFARE DESFire (and DESFire Light).
    case desfire
    /// NTAG 424 DNA.
    case ntag424
    /// Another ISO-DEP Type A card.
    case isoDEP = "iso-dep"
    /// ISO/IEC 14443 Type B.
    case typeB = "type-b"
    /// FeliCa.
    case felica
    /// Topaz / Jewel.
    case topaz

    /// The family of a listed target, by its activation bytes; nil for an unknown Type A card
    /// or a random-UID device.
    public init?(_ info: TargetInfo) {
        switch CardFamily(info: info) {
        case .type2: self = .type2
        case .mifareClassic, .mifarePlus, .smartMX: self = .classic
        case .desfire, .desfireLight: self = .desfire
        case .ntag424DNA: self = .ntag424
        case .isoDEP: self = .isoDEP
        case .iso14443B: self = .typeB
        case .felica, .felicaLite, .felicaLiteS: self = .felica
        case .topaz: self = .topaz
        case .randomUIDDevice, .unknownTypeA: return nil
        }
    }
}
