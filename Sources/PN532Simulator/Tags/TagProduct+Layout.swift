/// Where things are in each product's memory, beyond what the public properties say.
extension TagProduct {
    /// The PWD page (reads as `00`), or `nil` without password support.
    var passwordPage: Int? { supportsPassword ? configurationPage.map { $0 + 2 } : nil }

    /// The PACK page (reads as `00`), or `nil` without password support.
    var passwordAcknowledgePage: Int? { supportsPassword ? configurationPage.map { $0 + 3 } : nil }

    /// Pages locked by one dynamic lock bit (the datasheet's granularity); each
    /// block-locking bit in dynamic lock byte 2 freezes two consecutive lock bits.
    var pagesPerDynamicLockBit: Int {
        switch self {
        case .ntag215, .ntag216: 16
        default: 2
        }
    }

    /// Factory content from page 4 on; everything after it up to the dynamic lock page is 00.
    ///
    /// NTAG213 ships with a Lock Control TLV before the empty NDEF message; the others
    /// with the empty NDEF message `03 00 FE` alone.
    var factoryData: [UInt8] {
        switch self {
        case .ntag213: [0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x00, 0xFE]
        default: [0x03, 0x00, 0xFE, 0x00]
        }
    }

    /// Factory CFG0: STRG_MOD_EN set on the NTAG products, clear on the 17 pF EV1
    /// (MF0UL11/21); AUTH0 = FF (no password protection), 3C (past the last page) on Ultralight
    /// AES, with random ID and secure messaging off.
    var factoryConfiguration0: [UInt8] {
        switch self {
        case .ultralightEV1MF0UL11, .ultralightEV1MF0UL21: [0x00, 0x00, 0x00, 0xFF]
        case .ultralightAES: [0x00, 0x00, 0x00, 0x3C]
        default: [0x04, 0x00, 0x00, 0xFF]
        }
    }

    /// Factory CFG1: ACCESS 00, then `05` (the EV1's VCTID; NTAG21x read the same).
    var factoryConfiguration1: [UInt8] { [0x00, 0x05, 0x00, 0x00] }

    /// Factory dynamic lock page: no bits set, RFUI byte `BD`.
    var factoryDynamicLockPage: [UInt8] { [0x00, 0x00, 0x00, 0xBD] }

    /// A UID for this product when none is given, distinct per product. NTAG213/215/216 use
    /// UIDs from the test-key table so their default signature verifies; Ultralight AES uses a
    /// real card's UID whose published NXP signature it carries
    /// (``SimulatedTag/ultralightAESPublishedSignature``); the FeliCa one is
    /// its IDm (manufacturer code `01 2E`), the Type B one its PUPI.
    var defaultUID: [UInt8] {
        switch self {
        case .ntag213: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6]
        case .ntag215: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        case .ntag216: [0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01]
        case .ntag210: [0x04, 0x4E, 0x54, 0x10, 0x00, 0x00, 0x01]
        case .ntag212: [0x04, 0x4E, 0x54, 0x12, 0x00, 0x00, 0x01]
        case .ultralight: [0x04, 0x55, 0x4C, 0x01, 0x00, 0x00, 0x01]
        case .ultralightEV1MF0UL11: [0x04, 0x55, 0x4C, 0x11, 0x00, 0x00, 0x01]
        case .ultralightEV1MF0UL21: [0x04, 0x55, 0x4C, 0x21, 0x00, 0x00, 0x01]
        case .ultralightAES: [0x04, 0x5E, 0x4C, 0xC2, 0x45, 0x13, 0x90]
        case .classic1k: [0xC1, 0x1C, 0x00, 0x01]
        case .classic4k: [0xC4, 0x4C, 0x00, 0x01]
        case .classicMini: [0xC0, 0x3C, 0x00, 0x01]
        case .desfire: [0x04, 0xDE, 0x5F, 0x1E, 0x00, 0x00, 0x01]
        case .ntag424: [0x04, 0x42, 0x4D, 0xAA, 0x00, 0x00, 0x01]
        case .phone, .phoneNDEF: [0x08, 0x00, 0x00, 0x00]
        case .desfireNDEF: [0x04, 0xDE, 0x5F, 0x1E, 0x00, 0x00, 0x02]
        case .desfireKeyed: [0x04, 0xDE, 0x5F, 0x1E, 0x00, 0x00, 0x03]
        case .desfireEV2: SimulatedDESFire.publishedEV2Sample.uid
        case .desfireEV3: SimulatedDESFire.publishedEV3Sample.uid
        case .topaz512: [0x04, 0x70, 0x9A, 0x05, 0x12, 0x00, 0x01]
        case .topaz96: [0x04, 0x96, 0x9A, 0x05, 0x12, 0x00, 0x01]
        case .felicaLiteS: [0x01, 0x2E, 0x4C, 0x53, 0x00, 0x00, 0x00, 0x01]
        case .felica12FC: [0x01, 0x2E, 0x12, 0xFC, 0x00, 0x00, 0x00, 0x01]
        case .typeB: [0xB0, 0x14, 0x44, 0x3B]
        }
    }
}
