import Credentials
import Crypto

/// New token keys: 32 bytes from the system's secure random source.
enum KeyMaker {
    /// The length of a new key: HMAC-SHA256's block of key material.
    static let length = 32

    /// A key `SecretFile.read` accepts (at least `SecretFile.minimumDistinctBytes` different
    /// byte values: a draw with fewer, all but impossible, is drawn again).
    static func newKey() -> [UInt8] {
        while true {
            let key = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
            if Set(key).count >= SecretFile.minimumDistinctBytes { return key }
        }
    }
}
