import Basics
import Credentials
import NFCCore
import Type2

/// A MIFARE Ultralight AES challenged for its DataProtKey at one presentation (the door's
/// `ultralight_aes` credential): the 3-pass AES authentication with the card's key and a fresh
/// random challenge, then READ_SIG. What a caller without the Type 2 layer gets back.
public enum UltralightAESProof: Equatable, Sendable {
    /// The card proved the key for its UID; its 48-byte originality signature (checking it is
    /// the caller's).
    case proven(signature: [UInt8])
    /// The card answered and failed the authentication (a wrong key, a clone), in words.
    case refused(String)
    /// No key for the card's UID, or it stopped answering part-way, in words.
    case unreadable(String)

    /// The product as logs name it.
    public static let productName = Type2Product.ultralightAES.rawValue

    /// Identifies the Type 2 tag `info` lists (GET_VERSION over `exchange`) and, when it is an
    /// Ultralight AES, challenges it with `key(uid)`; nil for another product, or a tag that does
    /// not answer GET_VERSION (the caller reads it as any other tag).
    ///
    /// - Parameter challenge: RndA source; fresh random ones unless a test injects its own.
    public static func challenge(
        _ info: TargetInfo, over exchange: any TagExchange, key: (_ uid: [UInt8]) -> AESKey?,
        challenge: () -> [UInt8] = Type2Tag.freshAESChallenge
    ) -> UltralightAESProof? {
        guard case .type2 = CardFamily(info: info), let tag = try? Type2Tag.identify(exchange), tag.product == .ultralightAES else { return nil }
        let uid = info.identifier
        guard let cardKey = key(uid) else { return .unreadable("no key for UID \(Hex.encode(uid))") }
        do throws(Type2Error) {
            try tag.authenticate(aesKey: cardKey, challenge: challenge())
            return .proven(signature: try tag.readSignature())
        } catch {
            switch error {
            case .aesAuthenticationRefused, .aesCardNotAuthenticated: return .refused("\(error)")
            default: return .unreadable("\(error)")
            }
        }
    }
}
