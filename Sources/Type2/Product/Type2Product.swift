/// The NFC Forum Type 2 products this layer knows, told apart by GET_VERSION (ATQA 0044 and
/// SAK 00 are the same for all of them, libnfc #532).
public enum Type2Product: String, CaseIterable, Hashable, Sendable {
    case ntag210 = "NTAG210"
    case ntag212 = "NTAG212"
    case ntag213 = "NTAG213"
    case ntag215 = "NTAG215"
    case ntag216 = "NTAG216"
    case ultralightEV1MF0UL11 = "MIFARE Ultralight EV1 (MF0UL11)"
    case ultralightEV1MF0UL21 = "MIFARE Ultralight EV1 (MF0UL21)"
    /// MIFARE Ultralight AES (MF0AES(H)20): 60 pages, AES-128 3-pass authentication instead of
    /// PWD_AUTH, a 48-byte READ_SIG on secp192r1.
    case ultralightAES = "MIFARE Ultralight AES"
    /// A tag that does not answer GET_VERSION: MIFARE Ultralight, sized as 16 pages.
    case ultralight = "MIFARE Ultralight"

    /// The product a GET_VERSION answer names, nil for an unknown one.
    public init?(version: [UInt8]) {
        guard version.count == 8, version[0] == 0x00, version[1] == 0x04 else { return nil }
        switch (version[2], version[3], version[6]) {
        case (0x04, 0x01, 0x0B): self = .ntag210
        case (0x04, 0x01, 0x0E): self = .ntag212
        case (0x04, 0x02, 0x0F): self = .ntag213
        case (0x04, 0x02, 0x11): self = .ntag215
        case (0x04, 0x02, 0x13): self = .ntag216
        case (0x03, _, 0x0B): self = .ultralightEV1MF0UL11
        case (0x03, _, 0x0E): self = .ultralightEV1MF0UL21
        case (0x03, 0x01...0x03, 0x0F) where version[4] == 0x04: self = .ultralightAES
        default: return nil
        }
    }

    /// Pages in the tag, all of them.
    public var pageCount: Int {
        switch self {
        case .ntag210, .ultralightEV1MF0UL11: 20
        case .ntag212, .ultralightEV1MF0UL21: 41
        case .ntag213: 45
        case .ultralightAES: 60
        case .ntag215: 135
        case .ntag216: 231
        case .ultralight: 16
        }
    }

    /// The CC's data-area size byte a factory-formatted tag carries (size = byte × 8).
    public var capabilityContainerSize: UInt8 {
        switch self {
        case .ntag210, .ultralightEV1MF0UL11, .ultralight: 0x06
        case .ntag212, .ultralightEV1MF0UL21: 0x10
        case .ntag213, .ultralightAES: 0x12
        case .ntag215: 0x3E
        case .ntag216: 0x6D
        }
    }

    /// The first page after user memory: the dynamic lock bytes, or the configuration pages
    /// where there are none.
    public var userMemoryEnd: Int {
        dynamicLockPage ?? configurationPage ?? pageCount
    }

    /// The page of the dynamic lock bytes, if the product has them.
    public var dynamicLockPage: Int? {
        switch self {
        case .ntag212, .ultralightEV1MF0UL21: 0x24
        case .ntag213, .ultralightAES: 0x28
        case .ntag215: 0x82
        case .ntag216: 0xE2
        case .ntag210, .ultralightEV1MF0UL11, .ultralight: nil
        }
    }

    /// The page of CFG0 (MIRROR, RFU, MIRROR_PAGE, AUTH0); CFG1 (ACCESS) follows, then PWD
    /// and PACK.
    public var configurationPage: Int? {
        switch self {
        case .ntag210, .ultralightEV1MF0UL11: 0x10
        case .ntag212, .ultralightEV1MF0UL21: 0x25
        case .ntag213, .ultralightAES: 0x29
        case .ntag215: 0x83
        case .ntag216: 0xE3
        case .ultralight: nil
        }
    }

    /// True for products with FAST_READ and READ_SIG (all but plain Ultralight).
    public var hasExtendedCommands: Bool { self != .ultralight }

    /// True for products protected by a password (PWD_AUTH, PWD and PACK pages): NTAG21x and
    /// Ultralight EV1. Ultralight AES authenticates with an AES key instead.
    public var hasPasswordAuthentication: Bool { hasExtendedCommands && self != .ultralightAES }

    /// The length of the READ_SIG answer: 48 bytes (secp192r1) on Ultralight AES, 32
    /// (secp128r1) on the others.
    public var signatureLength: Int { self == .ultralightAES ? 48 : 32 }

    /// True for products with the NFC counter (READ_CNT 02).
    public var hasNFCCounter: Bool { [.ntag213, .ntag215, .ntag216].contains(self) }
}
