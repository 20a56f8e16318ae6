import Originality
import Type2

/// The keys `--require-genuine` checks originality signatures against.
public enum FlashOriginality: String, CaseIterable, Sendable {
    /// NXP's keys: NTAG21x, MIFARE Ultralight EV1, or MIFARE Ultralight AES.
    case nxp
    /// The simulator's test key, whose signatures its tags carry.
    case test

    /// The key for `product`'s signatures.
    public func key(for product: Type2Product) -> OriginalityKey? {
        switch self {
        case .nxp:
            switch product {
            case .ultralightEV1MF0UL11, .ultralightEV1MF0UL21: .nxpUltralightEV1
            case .ultralightAES: .nxpUltralightAES
            default: .nxpNTAG21x
            }
        case .test: .pn532ctlTest
        }
    }
}
