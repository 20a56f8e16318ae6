import Basics
import Crypto

extension SignedUsersSnapshot {
    /// The SHA-256 of a snapshot's payload exactly as it travels and is stored (without a
    /// final newline), in lower-case hex: what a door reports as applied and what the uplink
    /// compares, so that two payloads of one version are told apart.
    public static func digest(of payload: [UInt8]) -> String {
        Hex.encode(SHA256.hash(data: payload)).lowercased()
    }
}
