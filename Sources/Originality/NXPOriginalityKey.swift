import Basics

/// NXP's published originality public keys, by the products whose signatures they verify.
///
/// Sources: NXP's application notes where named; otherwise proxmark3's key table
/// (`client/src/crypto/originality.c`) and the real-card samples its `tools/recover_pk.py`
/// recovers each key from. Every key here verifies real-card signatures in the tests.
public enum NXPOriginalityKey: String, CaseIterable, Sendable {
    /// NTAG 210 to 216 (AN11350), secp128r1.
    case ntag21x
    /// MIFARE Ultralight EV1 (AN11341), secp128r1.
    case ultralightEV1
    /// NTAG 424 DNA (AN12196 §8.2), secp224r1. proxmark3 also lists it for DESFire EV2 and Light.
    case ntag424DNA
    /// MIFARE DESFire EV2 (proxmark3; its samples are DESFire EV2 cards), secp224r1. proxmark3 also
    /// lists it for NTAG 424 DNA (TT) and DESFire Light EV2: no public NTAG 424 sample verifies.
    case desfireEV2
    /// MIFARE DESFire EV2 XL (proxmark3), secp224r1.
    case desfireEV2XL
    /// MIFARE DESFire EV3 (proxmark3), secp224r1.
    case desfireEV3
    /// MIFARE DESFire Light (AN12343), secp224r1.
    case desfireLight
    /// NTAG 413 DNA and MIFARE DESFire EV1 (proxmark3), secp224r1.
    case ntag413DNA
    /// MIFARE Ultralight AES (AN13452), secp192r1.
    case ultralightAES
    /// MIFARE Ultralight AES, a second key seen on hotel cards (proxmark3, from NXP's TagInfo),
    /// secp192r1.
    case ultralightAESAlternate
    /// NTAG 223 DNA and NTAG 224 DNA (proxmark3), secp192r1.
    case ntag223DNA

    /// The products the key signs, for people.
    public var products: String {
        switch self {
        case .ntag21x: "NTAG21x"
        case .ultralightEV1: "MIFARE Ultralight EV1"
        case .ntag424DNA: "NTAG 424 DNA"
        case .desfireEV2: "MIFARE DESFire EV2"
        case .desfireEV2XL: "MIFARE DESFire EV2 XL"
        case .desfireEV3: "MIFARE DESFire EV3"
        case .desfireLight: "MIFARE DESFire Light"
        case .ntag413DNA: "NTAG 413 DNA / MIFARE DESFire EV1"
        case .ultralightAES: "MIFARE Ultralight AES"
        case .ultralightAESAlternate: "MIFARE Ultralight AES (alternate key)"
        case .ntag223DNA: "NTAG 223 DNA / NTAG 224 DNA"
        }
    }

    /// The public key.
    public var key: OriginalityKey {
        switch self {
        case .ntag21x: .nxpNTAG21x
        case .ultralightEV1: .nxpUltralightEV1
        case .ntag424DNA: .nxpNTAG424DNA
        case .desfireEV2: .nxpDESFireEV2
        case .desfireEV2XL: .nxpDESFireEV2XL
        case .desfireEV3: .nxpDESFireEV3
        case .desfireLight: .nxpDESFireLight
        case .ntag413DNA: .nxpNTAG413DNA
        case .ultralightAES: .nxpUltralightAES
        case .ultralightAESAlternate: .nxpUltralightAESAlternate
        case .ntag223DNA: .nxpNTAG223DNA
        }
    }

    /// The NXP key that verifies `signature` for `uid`, or nil when none does (not genuine, or
    /// a key not listed here). Only keys on the curve the signature's length implies are tried.
    public static func signer(of signature: [UInt8], uid: [UInt8]) -> NXPOriginalityKey? {
        allCases.first { $0.key.curve.signatureByteCount == signature.count && $0.key.verifies(signature: signature, uid: uid) }
    }
}

extension OriginalityKey {
    /// NXP's NTAG21x key (AN11350; proxmark3).
    public static let nxpNTAG21x = published("04494E1A386D3D3CFE3DC10E5DE68A499B1C202DB5B132393E89ED19FE5BE8BC61")
    /// NXP's MIFARE Ultralight EV1 key (AN11341; proxmark3).
    public static let nxpUltralightEV1 = published("0490933BDCD6E99B4E255E3DA55389A827564E11718E017292FAF23226A96614B8")
    /// NXP's NTAG 424 DNA key (AN12196 §8.2; proxmark3).
    public static let nxpNTAG424DNA = published(
        "048A9B380AF2EE1B98DC417FECC263F8449C7625CECE82D9B916C992DA209D68422B81EC20B65A66B5102A61596AF3379200599316A00A1410")
    /// NXP's MIFARE DESFire EV2 key (proxmark3 `originality.c`).
    public static let nxpDESFireEV2 = published(
        "04B304DC4C615F5326FE9383DDEC9AA892DF3A57FA7FFB3276192BC0EAA252ED45A865E3B093A3D0DCE5BE29E92F1392CE7DE321E3E5C52B3A")
    /// NXP's MIFARE DESFire EV2 XL key (proxmark3 `originality.c`).
    public static let nxpDESFireEV2XL = published(
        "04CD5D45E50B1502F0BA4656FF37669597E7E183251150F9574CC8DA56BF01C7ABE019E29FEA48F9CE22C3EA4029A765E1BC95A89543BAD1BC")
    /// NXP's MIFARE DESFire EV3 key (proxmark3 `originality.c`).
    public static let nxpDESFireEV3 = published(
        "041DB46C145D0A36539C6544BD6D9B0AA62FF91EC48CBC6ABAE36E0089A46F0D08C8A715EA40A63313B92E90DDC1730230E0458A33276FB743")
    /// NXP's MIFARE DESFire Light key (AN12343; proxmark3).
    public static let nxpDESFireLight = published(
        "040E98E117AAA36457F43173DC920A8757267F44CE4EC5ADD3C54075571AEBBF7B942A9774A1D94AD02572427E5AE0A2DD36591B1FB34FCF3D")
    /// NXP's NTAG 413 DNA / MIFARE DESFire EV1 key (proxmark3 `originality.c`).
    public static let nxpNTAG413DNA = published(
        "04BB5D514F7050025C7D0F397310360EEC91EAF792E96FC7E0F496CB4E669D414F877B7B27901FE67C2E3B33CD39D1C797715189AC951C2ADD")
    /// NXP's MIFARE Ultralight AES key (AN13452; proxmark3).
    public static let nxpUltralightAES = published(
        "0453BF8C49B7BD9FE3207A91513B9C1D238ECAB07186B772104AB535F7D3AE63CF7C7F3DD0D169DA3E99E43C6399621A86")
    /// NXP's alternate MIFARE Ultralight AES key (proxmark3, from NXP TagInfo).
    public static let nxpUltralightAESAlternate = published(
        "04DC34DAA903F2726A6225B11C692AF6AB4396575CA12810CBBCE3F781A097B3833B50AB364A70D9C2B641A728A599AE74")
    /// NXP's NTAG 223 DNA / NTAG 224 DNA key (proxmark3 `originality.c`).
    public static let nxpNTAG223DNA = published(
        "0485D5B9353B4FAA77581BA2AE96630C5876D6E8603308ABE9A81A0B506F52D02D04FEE6F2D365B3DEE7B9FAD9133E2976")

    /// A key written in this file; the tests decode every one.
    private static func published(_ hex: String) -> OriginalityKey {
        guard let bytes = Hex.bytes(hex), let key = OriginalityKey(uncompressed: bytes) else {
            preconditionFailure("a published originality key does not decode: \(hex)")
        }
        return key
    }
}
