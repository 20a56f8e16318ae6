/// How each card introduces itself on a poll.
extension TagProduct {
    /// The length of the UID the card is made with (``SimulatedTag/init(product:uid:)``): 7 for
    /// Type 2, DESFire, NTAG 424 DNA and Topaz, 4 for MIFARE Classic and the phone, 8 (the IDm) for FeliCa, 4
    /// (the PUPI) for the Type B card.
    public var uidLength: Int {
        switch family {
        case .type2, .jewel: 7
        case .mifareClassic: 4
        case .isoDEP: hasRandomUID ? 4 : 7
        case .felica: 8
        case .typeB: 4
        }
    }

    /// Whether `uid=` may choose the UID (a phone's is random).
    public var acceptsUID: Bool { !hasRandomUID }

    /// Whether the card is a phone, whose UID is new and random at every activation.
    public var hasRandomUID: Bool { self == .phone || self == .phoneNDEF }

    /// SENS_RES (ATQA) as the PN532 reports it, most significant byte first: `00 44` for Type
    /// 2, `00 04` for Classic 1K and Mini (`00 02` for 4K), `03 44` for DESFire and NTAG 424
    /// DNA, `00 04` for
    /// the phone, `0C 00` for the Topaz; none for FeliCa and Type B.
    public var atqa: [UInt8] {
        switch self {
        case .classic1k, .classicMini, .phone, .phoneNDEF: [0x00, 0x04]
        case .classic4k: [0x00, 0x02]
        case .desfire, .ntag424, .desfireNDEF, .desfireKeyed, .desfireEV2, .desfireEV3: [0x03, 0x44]
        case .topaz512, .topaz96: [0x0C, 0x00]
        case .felicaLiteS, .felica12FC, .typeB: []
        default: [0x00, 0x44]
        }
    }

    /// SEL_RES (SAK): `00` for Type 2, `08` Classic 1K, `18` Classic 4K, `09` Classic Mini,
    /// `20` (ISO/IEC 14443-4) for DESFire, NTAG 424 DNA and the phone; `00` where there is none.
    public var sak: UInt8 {
        switch self {
        case .classic1k: 0x08
        case .classic4k: 0x18
        case .classicMini: 0x09
        case .desfire, .ntag424, .phone, .desfireNDEF, .phoneNDEF, .desfireKeyed, .desfireEV2, .desfireEV3: 0x20
        default: 0x00
        }
    }
}
