import Originality
import Type2

/// The keys `--require-genuine` checks originality signatures against.
public enum FlashOriginality: String, CaseIterable, Sendable {
    /// NXP's keys: NTAG21x, MIFARE Ultralight EV1, or MIFARE Ultralight AES.
    case nxp
    /// The simulator's test key, whose signatures its tags carry.
    case test

    /// The simulator's test public key (secp128r1, uncompressed).
    private static let testKey: [UInt8] = [
        0x04, 0xBC, 0xCB, 0x2F, 0x6A, 0x3B, 0x61, 0xEE, 0xA0, 0xF6, 0x81, 0x19, 0x30, 0x29, 0x8C, 0xEC, 0xCE,
        0x2B, 0xC2, 0x46, 0xF7, 0x6B, 0x53, 0x25, 0x81, 0x9B, 0x5D, 0xDB, 0x98, 0x15, 0xBD, 0xA0, 0x72,
    ]

    /// The key for `product`'s signatures.
    public func key(for product: Type2Product) -> OriginalityKey? {
        switch self {
        case .nxp:
            switch product {
            case .ultralightEV1MF0UL11, .ultralightEV1MF0UL21: .nxpUltralightEV1
            case .ultralightAES: .nxpUltralightAES
            default: .nxpNTAG21x
            }
        case .test: OriginalityKey(uncompressed: Self.testKey)
        }
    }
}
