/// What a reader learnt about a target when it activated it, whatever the reader chip: the
/// technology and the bytes of its activation (ATQA/SAK/UID/ATS, ATQB, IDm/PMm, JEWELID).
///
/// Card detection (which product, which tag type) reads these; the transport to the target is
/// separate (``TagExchange``).
public enum TargetInfo: Hashable, Sendable {
    /// ISO/IEC 14443 Type A at 106 kbps: MIFARE, NTAG, ISO-DEP A.
    case nfcA(NFCATarget)
    /// ISO/IEC 14443 Type B at 106 kbps.
    case nfcB(NFCBTarget)
    /// FeliCa (JIS X 6319-4) at 212 or 424 kbps: NFC Forum Type 3.
    case nfcF(NFCFTarget)
    /// Innovision Jewel / Topaz: NFC Forum Type 1.
    case jewel(JewelTarget)

    /// The bytes that identify the target: the UID (A), PUPI (B), IDm (F) or JEWELID (Jewel).
    /// A UID rule of the door compares these.
    public var identifier: [UInt8] {
        switch self {
        case let .nfcA(target): target.uid
        case let .nfcB(target): target.pupi
        case let .nfcF(target): target.idm
        case let .jewel(target): target.jewelID
        }
    }

    /// The technology's name: `NFC-A`, `NFC-B`, `NFC-F 212 kbps`, `Jewel`.
    public var technology: String {
        switch self {
        case .nfcA: "NFC-A"
        case .nfcB: "NFC-B"
        case let .nfcF(target): "NFC-F \(target.bitRate.rawValue) kbps"
        case .jewel: "Jewel"
        }
    }
}
