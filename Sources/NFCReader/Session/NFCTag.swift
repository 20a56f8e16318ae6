import NFCCore
import PN532

/// A tag a tag reader session found, by family, as Core NFC's `NFCTag`.
///
/// Core NFC's `.iso15693` has no case: a PN532 has no ISO/IEC 15693 radio. Jewel/Topaz
/// (NFC Forum Type 1) cards are not reported at all: Core NFC has no tag for them (an iPhone
/// does not report them either), and the Type 1 commands have no Core NFC method to carry
/// them; the sessions do not poll for them.
public enum NFCTag: Sendable, CustomStringConvertible {
    /// An ISO 14443-A tag that does not speak ISO-DEP: NTAG, MIFARE Ultralight, Classic, Plus.
    case miFare(NFCMiFareTag)
    /// An ISO-DEP card: type A with an ATS (DESFire, NTAG 424 DNA, bank cards, phones) or type B.
    case iso7816(NFCISO7816Tag)
    /// A FeliCa card.
    case feliCa(NFCFeliCaTag)

    /// The tag for `target` of `detection`; nil for a Jewel target.
    init?(target: ListedTarget, detection: Int, core: ReaderSessionCore) {
        switch target.info {
        case let .nfcA(typeA):
            if let tag = NFCISO7816Tag(target: target, detection: detection, core: core) {
                self = .iso7816(tag)
            } else {
                self = .miFare(NFCMiFareTag(target: target, typeA: typeA, detection: detection, core: core))
            }
        case .nfcB:
            guard let tag = NFCISO7816Tag(target: target, detection: detection, core: core) else { return nil }
            self = .iso7816(tag)
        case let .nfcF(felica):
            self = .feliCa(NFCFeliCaTag(target: target, felica: felica, detection: detection, core: core))
        case .jewel:
            return nil
        }
    }

    /// The tag's NDEF side: every family here can be asked its NDEF status (only Type 2 tags
    /// answer other than `notSupported`).
    public var ndefTag: any NFCNDEFTag { sessionTag }

    /// The identifier: the UID (type A), the PUPI (type B) or the IDm (FeliCa).
    public var identifier: [UInt8] {
        switch self {
        case .miFare(let tag): tag.identifier
        case .iso7816(let tag): tag.identifier
        case .feliCa(let tag): tag.currentIDm
        }
    }

    /// True while the tag is connected in a session that has not ended.
    public var isAvailable: Bool { ndefTag.isAvailable }

    /// The family and identifier, e.g. `MIFARE ultralight 04A1B2C3D4E5F6`.
    public var description: String {
        switch self {
        case .miFare(let tag): tag.description
        case .iso7816(let tag): tag.description
        case .feliCa(let tag): tag.description
        }
    }

    /// The tag as its session holds it.
    var sessionTag: NFCSessionTag {
        switch self {
        case .miFare(let tag): tag
        case .iso7816(let tag): tag
        case .feliCa(let tag): tag
        }
    }
}
