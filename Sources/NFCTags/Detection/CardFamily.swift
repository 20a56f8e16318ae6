import Type2

/// The kind of card a target is, as far as its activation bytes (ATQA, SAK, ATS, ATQB, PMm)
/// and its product answer (GET_VERSION) tell.
public enum CardFamily: Hashable, Sendable {
    /// An NFC Forum Type 2 tag; the product GET_VERSION names, nil when it was not asked or
    /// names one this layer does not know.
    case type2(Type2Product?)
    /// MIFARE Classic (SAK 09, 08, 18): sectors behind keys A and B, no NDEF we read.
    case mifareClassic(MifareClassicSize)
    /// MIFARE Plus in security level 2 (SAK 10: 2K, 11: 4K).
    case mifarePlus(MifareClassicSize)
    /// A SmartMX / JCOP chip: ISO-DEP and a MIFARE Classic emulation (SAK 28: 1K, 38: 4K).
    case smartMX(MifareClassicSize)
    /// MIFARE DESFire (GetVersion type 01; without one, ATQA 0344 and SAK 20): the
    /// generation its GetVersion's major version names, nil when it was not asked or names
    /// none this layer knows.
    case desfire(DESFireGeneration?)
    /// MIFARE DESFire Light (GetVersion type 08).
    case desfireLight
    /// NTAG 424 DNA (GetVersion vendor 04, type 04, subtype 02, major version 30; without
    /// one, ATQA 0344, SAK 20 and its ATS `06 77 77 71 02 80`), Type 4.
    case ntag424DNA
    /// An ISO-DEP target with a random UID (`08 …`): a phone or a payment card.
    case randomUIDDevice
    /// Another ISO/IEC 14443-4 Type A card (a bank card, an ID card, an emulated card).
    case isoDEP
    /// A Type A target whose SAK this layer does not know.
    case unknownTypeA
    /// Innovision Jewel / Broadcom Topaz: NFC Forum Type 1.
    case topaz
    /// FeliCa Lite-S (IC type F1): NFC Forum Type 3.
    case felicaLiteS
    /// FeliCa Lite (IC type F0).
    case felicaLite
    /// Another FeliCa card (Type 3 when it holds system code 12FC).
    case felica
    /// An ISO/IEC 14443 Type B card.
    case iso14443B

    /// The family's name as scan, identify and the door print it: `MIFARE Classic 1K`.
    public var name: String {
        switch self {
        case let .type2(product?): product.rawValue
        case .type2(nil): "NFC Forum Type 2 tag"
        case let .mifareClassic(size): "MIFARE Classic \(size.rawValue)"
        case let .mifarePlus(size): "MIFARE Plus \(size.rawValue) (SL2)"
        case let .smartMX(size): "SmartMX with MIFARE Classic \(size.rawValue) emulation"
        case let .desfire(generation?): "MIFARE DESFire \(generation.rawValue)"
        case .desfire(nil): "MIFARE DESFire"
        case .desfireLight: "MIFARE DESFire Light"
        case .ntag424DNA: "NTAG 424 DNA"
        case .randomUIDDevice: "ISO-DEP device with a random UID (phone or payment card)"
        case .isoDEP: "ISO-DEP card (ISO/IEC 14443-4 A)"
        case .unknownTypeA: "unknown ISO/IEC 14443 Type A card"
        case .topaz: "Topaz/Jewel"
        case .felicaLiteS: "FeliCa Lite-S"
        case .felicaLite: "FeliCa Lite"
        case .felica: "FeliCa"
        case .iso14443B: "ISO/IEC 14443-B card"
        }
    }

    /// The NFC Forum tag type the family can be (1 … 4), nil when it is none.
    public var nfcForumType: Int? {
        switch self {
        case .type2: 2
        case .topaz: 1
        case .felicaLiteS, .felica: 3
        case .desfire, .desfireLight, .ntag424DNA, .isoDEP, .randomUIDDevice, .smartMX, .iso14443B: 4
        case .mifareClassic, .mifarePlus, .felicaLite, .unknownTypeA: nil
        }
    }

    /// True when pn532ctl reads and writes NDEF on this family (the activation builds its tag:
    /// ``ActivatedTag``): Type 2 products it knows, ISO-DEP Type A cards (Type 4), FeliCa
    /// Lite-S and other FeliCa cards (Type 3), Topaz (Type 1). A card of such a family may still
    /// hold no NDEF (a blank DESFire, a FeliCa without 12FC): its tag says so.
    public var readsNDEF: Bool {
        switch self {
        case .type2(_?), .desfire, .desfireLight, .ntag424DNA, .randomUIDDevice, .isoDEP, .smartMX, .felicaLiteS, .felica, .topaz: true
        case .type2(nil), .mifareClassic, .mifarePlus, .unknownTypeA, .felicaLite, .iso14443B: false
        }
    }

    /// Why NDEF commands refuse this family: `not an NDEF tag we can read: MIFARE Classic 1K`;
    /// nil when they do not.
    public var ndefRefusal: String? {
        guard !readsNDEF else { return nil }
        let type = nfcForumType.map { " (NFC Forum Type \($0): NDEF on it is not supported yet)" } ?? ""
        return "not an NDEF tag we can read: \(name)\(type)"
    }
}

/// The memory size a MIFARE Classic, Plus or emulation announces through its SAK.
public enum MifareClassicSize: String, Hashable, Sendable {
    case mini = "Mini"
    case oneK = "1K"
    case twoK = "2K"
    case fourK = "4K"
}

/// The MIFARE DESFire generation, from the major version of GetVersion's hardware part.
public enum DESFireGeneration: String, Hashable, Sendable {
    case ev1 = "EV1"
    case ev2 = "EV2"
    case ev3 = "EV3"

    /// The generation a hardware major version names (`01` EV1, `12` EV2, `33` EV3), nil for
    /// another one.
    public init?(majorVersion: UInt8) {
        switch majorVersion {
        case 0x01: self = .ev1
        case 0x12: self = .ev2
        case 0x33: self = .ev3
        default: return nil
        }
    }
}
