import Crypto

/// A tag's password derived from a site secret, so that no two tags share one and no list of
/// passwords needs keeping: PWD and PACK = HMAC-SHA256(secret, UID), bytes 0-3 and 4-5.
public enum TagPassword {
    /// PWD (4 bytes) and PACK (2 bytes) for the tag with `uid`.
    public static func derive(secret: [UInt8], uid: [UInt8]) -> (password: [UInt8], acknowledge: [UInt8]) {
        let mac = Array(HMAC<SHA256>.authenticationCode(for: uid, using: SymmetricKey(data: secret)))
        return (Array(mac[0..<4]), Array(mac[4..<6]))
    }
}
