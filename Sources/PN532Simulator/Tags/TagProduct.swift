/// The cards the simulator can put in the field: NFC Forum Type 2 ICs, MIFARE Classic,
/// ISO-DEP cards (Type A and Type B), a Topaz (Type 1) and a FeliCa Lite-S (Type 3).
/// ``family`` says which.
///
/// The Type 2 products all answer anticollision with ATQA `00 44` and SAK `00`; only
/// GET_VERSION tells them apart, and plain MIFARE Ultralight does not answer it at all. The
/// Type 2 properties below (pages, CC, lock and configuration pages) are empty or zero for
/// the other families.
public enum TagProduct: String, CaseIterable, Sendable {
    case ntag213
    case ntag215
    case ntag216
    case ntag210
    case ntag212
    case ultralight
    case ultralightEV1MF0UL11 = "ultralight-ev1-11"
    case ultralightEV1MF0UL21 = "ultralight-ev1-21"
    /// MIFARE Ultralight AES (MF0AES(H)20): 60 pages, AES-128 keys instead of PWD/PACK, the
    /// 3-pass AES authentication and a 48-byte READ_SIG (``SimulatedTag/ultralightAESKeyed(uid:master:)``
    /// for a keyed card).
    case ultralightAES = "ultralight-aes"
    /// MIFARE Classic 1K (MF1S50): 16 sectors of 4 blocks.
    case classic1k
    /// MIFARE Classic 4K (MF1S70): 32 sectors of 4 blocks, then 8 of 16.
    case classic4k
    /// MIFARE Classic Mini (MF1S20): 5 sectors of 4 blocks.
    case classicMini = "classic-mini"
    /// MIFARE DESFire EV1 as it leaves the factory: no application, PICC master key settings
    /// `0F` (anyone may create an application), 4096 bytes for files.
    case desfire
    /// NTAG 424 DNA (NFC Forum Type 4) as it leaves the factory: ISO-DEP, its NDEF
    /// application's three files, AES keys, EV2 secure messaging and SDM
    /// (``SimulatedTag/ntag424``).
    case ntag424
    /// A phone's card emulation: ISO-DEP, a random UID on every activation, no NDEF.
    case phone
    /// MIFARE DESFire EV1 with the NDEF application formatted (NFC Forum Type 4, mapping 2.0):
    /// a 15-byte CC file E103 and a 2 KB NDEF file E104, holding no message.
    case desfireNDEF = "desfire-ndef"
    /// MIFARE DESFire EV1 without applications whose PICC master key settings (`0B`) keep
    /// creating an application behind the master key.
    case desfireKeyed = "desfire-keyed"
    /// MIFARE DESFire EV2 (8 KB) as it leaves the factory: no application, PICC master key
    /// settings `0F`, the PICC master key the factory's DES key (all zero); applications with
    /// AES keys, AuthenticateEV2First/NonFirst and EV2 secure messaging
    /// (``SimulatedTag/desfireEV2Keyed(product:uid:)`` keys one).
    case desfireEV2 = "desfire-ev2"
    /// MIFARE DESFire EV3 (8 KB): a ``desfireEV2`` whose GetVersion says EV3.
    case desfireEV3 = "desfire-ev3"
    /// A phone's card emulation answering as an NFC Forum Type 4 tag: a random UID on every
    /// activation and a small read-only NDEF file holding one URI record.
    case phoneNDEF = "phone-ndef"
    /// Topaz 512 (NFC Forum Type 1).
    case topaz512
    /// Topaz 96 (NFC Forum Type 1, static memory).
    case topaz96
    /// FeliCa Lite-S (NFC Forum Type 3), formatted for NDEF.
    case felicaLiteS = "felica-lite-s"
    /// A plain FeliCa card answering the NFC Forum system code 12FC only (NFC Forum Type 3),
    /// formatted for NDEF with a 1 KB area.
    case felica12FC = "felica-12fc"
    /// An ISO/IEC 14443-B ISO-DEP card (an ID or transport card) without an NDEF application.
    case typeB = "typeb"

    /// The NFC Forum Type 2 products, in declaration order.
    public static var type2Products: [TagProduct] { allCases.filter { $0.family == .type2 } }

    /// The protocol family, which decides how the card is polled and spoken to.
    public var family: SimulatedProtocol {
        switch self {
        case .classic1k, .classic4k, .classicMini: .mifareClassic
        case .desfire, .ntag424, .phone, .desfireNDEF, .phoneNDEF, .desfireKeyed, .desfireEV2, .desfireEV3: .isoDEP
        case .topaz512, .topaz96: .jewel
        case .felicaLiteS, .felica12FC: .felica
        case .typeB: .typeB
        default: .type2
        }
    }

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
        case .ultralightAES: "MIFARE Ultralight AES"
        case .classic1k: "MIFARE Classic 1K"
        case .classic4k: "MIFARE Classic 4K"
        case .classicMini: "MIFARE Classic Mini"
        case .desfire: "MIFARE DESFire EV1"
        case .ntag424: "NTAG 424 DNA"
        case .phone: "phone (ISO-DEP card emulation)"
        case .topaz512: "Topaz 512"
        case .topaz96: "Topaz 96"
        case .felicaLiteS: "FeliCa Lite-S"
        case .felica12FC: "FeliCa (system 12FC)"
        case .typeB: "ISO/IEC 14443-B ISO-DEP card"
        case .desfireNDEF: "MIFARE DESFire EV1 (NDEF application)"
        case .desfireKeyed: "MIFARE DESFire EV1 (PICC master key needed to create an application)"
        case .desfireEV2: "MIFARE DESFire EV2"
        case .desfireEV3: "MIFARE DESFire EV3"
        case .phoneNDEF: "phone (ISO-DEP card emulation, NFC Forum Type 4)"
        }
    }

    /// Number of 4-byte pages, from page 0 up to and including the PACK page; for MIFARE
    /// Classic the memory in 4-byte units (its `.mfd` size / 4); 0 for the other families.
    public var pageCount: Int {
        switch self {
        case .ntag213: 45
        case .ntag215: 135
        case .ntag216: 231
        case .ntag210, .ultralightEV1MF0UL11: 20
        case .ntag212, .ultralightEV1MF0UL21: 41
        case .ultralight: 16
        case .ultralightAES: 60
        case .classic1k, .classic4k, .classicMini: classicBlockCount * 4
        case .desfire, .ntag424, .phone, .topaz512, .topaz96, .felicaLiteS, .felica12FC, .typeB, .desfireNDEF, .phoneNDEF, .desfireKeyed, .desfireEV2,
            .desfireEV3: 0
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
        case .ultralightAES: [0x00, 0x04, 0x03, 0x01, 0x04, 0x00, 0x0F, 0x03]
        default: nil
        }
    }

    /// The factory content of page 3, the Capability Container: `E1 10 SZ 00`, where SZ × 8
    /// is the data area in bytes.
    public var capabilityContainer: [UInt8] {
        switch self {
        case .ntag213, .ultralightAES: [0xE1, 0x10, 0x12, 0x00]
        case .ntag215: [0xE1, 0x10, 0x3E, 0x00]
        case .ntag216: [0xE1, 0x10, 0x6D, 0x00]
        case .ntag210, .ultralight, .ultralightEV1MF0UL11: [0xE1, 0x10, 0x06, 0x00]
        case .ntag212, .ultralightEV1MF0UL21: [0xE1, 0x10, 0x10, 0x00]
        default: []
        }
    }

    /// The page holding the three dynamic lock bytes, or `nil` when the product has no
    /// memory beyond page 15 to lock.
    public var dynamicLockPage: Int? {
        switch self {
        case .ntag213, .ultralightAES: 0x28
        case .ntag215: 0x82
        case .ntag216: 0xE2
        case .ntag212, .ultralightEV1MF0UL21: 0x24
        default: nil
        }
    }

    /// The page of CFG0 (`MIRROR/MOD RFU MIRROR_PAGE/RFU AUTH0`), followed by CFG1
    /// (`ACCESS …`), PWD and PACK; `nil` for plain Ultralight, which has none of them.
    public var configurationPage: Int? {
        switch self {
        case .ntag213, .ultralightAES: 0x29
        case .ntag215: 0x83
        case .ntag216: 0xE3
        case .ntag210, .ultralightEV1MF0UL11: 0x10
        case .ntag212, .ultralightEV1MF0UL21: 0x25
        default: nil
        }
    }

    /// Whether the tag answers FAST_READ (`3A`).
    public var supportsFastRead: Bool { family == .type2 && self != .ultralight }

    /// Whether the tag answers READ_SIG (`3C 00`).
    public var supportsReadSignature: Bool { family == .type2 && self != .ultralight }

    /// The length of the READ_SIG answer: 48 bytes (secp192r1) on Ultralight AES, else 32.
    public var signatureLength: Int { self == .ultralightAES ? 48 : 32 }

    /// Whether the tag has PWD/PACK and answers PWD_AUTH (`1B`); Ultralight AES has AES keys
    /// instead.
    public var supportsPassword: Bool { family == .type2 && self != .ultralight && self != .ultralightAES }

    /// Whether the tag has the NTAG NFC counter, read with READ_CNT (`39 02`) when
    /// NFC_CNT_EN is set.
    public var supportsCounter: Bool {
        switch self {
        case .ntag213, .ntag215, .ntag216: true
        default: false
        }
    }

    /// Size of a libnfc `.mfd` dump: every page, 4 bytes each (for MIFARE Classic, every
    /// block, 16 bytes each, as nfc-mfclassic writes it); 0 for cards without `.mfd` images.
    public var mfdSize: Int { pageCount * 4 }

    /// Whether an `image=` file can give the card's memory (Type 2 and MIFARE Classic).
    public var acceptsImage: Bool { mfdSize > 0 }
}
