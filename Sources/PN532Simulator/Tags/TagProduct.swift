/// The NFC Forum Type 2 tag ICs the simulator can put in the field.
///
/// All of them answer anticollision with ATQA `00 44` and SAK `00`; only GET_VERSION tells
/// them apart, and plain MIFARE Ultralight does not answer it at all.
public enum TagProduct: String, CaseIterable, Sendable {
    case ntag213
    case ntag215
    case ntag216
    case ntag210
    case ntag212
    case ultralight
    case ultralightEV1MF0UL11 = "ultralight-ev1-11"
    case ultralightEV1MF0UL21 = "ultralight-ev1-21"

    /// The product name as NXP writes it.
    public var name: String {
        switch self {
        case .ntag213: "NTAG213"
        case .ntag215: "NTAG215"
        case .ntag216: "NTAG216"
        case .ntag210: "NTAG210"
        case .ntag212: "NTAG212"
        case .ultralight: "MIFARE Ultralight"
        case .ultralightEV1MF0UL11: "MIFARE Ultralight EV1 (MF0UL11)"
        case .ultralightEV1MF0UL21: "MIFARE Ultralight EV1 (MF0UL21)"
        }
    }

    /// Number of 4-byte pages, from page 0 up to and including the PACK page.
    public var pageCount: Int {
        switch self {
        case .ntag213: 45
        case .ntag215: 135
        case .ntag216: 231
        case .ntag210, .ultralightEV1MF0UL11: 20
        case .ntag212, .ultralightEV1MF0UL21: 41
        case .ultralight: 16
        }
    }

    /// The 8-byte GET_VERSION answer, or `nil` for plain Ultralight, which does not answer.
    public var getVersion: [UInt8]? {
        switch self {
        case .ntag213: [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03]
        case .ntag215: [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x11, 0x03]
        case .ntag216: [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x13, 0x03]
        case .ntag210: [0x00, 0x04, 0x04, 0x01, 0x01, 0x00, 0x0B, 0x03]
        case .ntag212: [0x00, 0x04, 0x04, 0x01, 0x01, 0x00, 0x0E, 0x03]
        case .ultralightEV1MF0UL11: [0x00, 0x04, 0x03, 0x01, 0x01, 0x00, 0x0B, 0x03]
        case .ultralightEV1MF0UL21: [0x00, 0x04, 0x03, 0x01, 0x01, 0x00, 0x0E, 0x03]
        case .ultralight: nil
        }
    }

    /// The factory content of page 3, the Capability Container: `E1 10 SZ 00`, where SZ × 8
    /// is the data area in bytes.
    public var capabilityContainer: [UInt8] {
        switch self {
        case .ntag213: [0xE1, 0x10, 0x12, 0x00]
        case .ntag215: [0xE1, 0x10, 0x3E, 0x00]
        case .ntag216: [0xE1, 0x10, 0x6D, 0x00]
        case .ntag210, .ultralight, .ultralightEV1MF0UL11: [0xE1, 0x10, 0x06, 0x00]
        case .ntag212, .ultralightEV1MF0UL21: [0xE1, 0x10, 0x10, 0x00]
        }
    }

    /// The page holding the three dynamic lock bytes, or `nil` when the product has no
    /// memory beyond page 15 to lock.
    public var dynamicLockPage: Int? {
        switch self {
        case .ntag213: 0x28
        case .ntag215: 0x82
        case .ntag216: 0xE2
        case .ntag212, .ultralightEV1MF0UL21: 0x24
        case .ntag210, .ultralight, .ultralightEV1MF0UL11: nil
        }
    }

    /// The page of CFG0 (`MIRROR/MOD RFU MIRROR_PAGE/RFU AUTH0`), followed by CFG1
    /// (`ACCESS …`), PWD and PACK; `nil` for plain Ultralight, which has none of them.
    public var configurationPage: Int? {
        switch self {
        case .ntag213: 0x29
        case .ntag215: 0x83
        case .ntag216: 0xE3
        case .ntag210, .ultralightEV1MF0UL11: 0x10
        case .ntag212, .ultralightEV1MF0UL21: 0x25
        case .ultralight: nil
        }
    }

    /// Whether the tag answers FAST_READ (`3A`).
    public var supportsFastRead: Bool { self != .ultralight }

    /// Whether the tag answers READ_SIG (`3C 00`).
    public var supportsReadSignature: Bool { self != .ultralight }

    /// Whether the tag has PWD/PACK and answers PWD_AUTH (`1B`).
    public var supportsPassword: Bool { self != .ultralight }

    /// Whether the tag has the NTAG NFC counter, read with READ_CNT (`39 02`) when
    /// NFC_CNT_EN is set.
    public var supportsCounter: Bool {
        switch self {
        case .ntag213, .ntag215, .ntag216: true
        default: false
        }
    }

    /// Size of a libnfc `.mfd` dump: every page, 4 bytes each.
    public var mfdSize: Int { pageCount * 4 }
}
