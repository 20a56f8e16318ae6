import Crypto
import NDEF

/// A door token as it is stored on a tag: an NFC Forum external record `pn532ctl.org:token`
/// holding who it is for, when it was issued, a counter, and a MAC over the tag's UID and
/// those fields.
///
/// Payload: version `01` ‖ user length (1 byte, 1-64) ‖ user (UTF-8) ‖ issued (4 bytes,
/// seconds since 1970, big-endian) ‖ counter (4 bytes, big-endian) ‖ MAC (16 bytes) where
/// MAC = HMAC-SHA256(key, UID ‖ every byte before the MAC), truncated to 16 bytes. The MAC
/// binds the token to the UID the reader's RF layer reports, so the same NDEF copied onto
/// another tag is refused.
public struct SignedToken: Hashable, Sendable {
    /// The external type of token records.
    public static let recordType = "pn532ctl.org:token"
    /// The payload format version.
    public static let version: UInt8 = 1
    /// The MAC's length: half of HMAC-SHA256.
    public static let macLength = 16

    /// The user the token was issued to.
    public var user: String
    /// When it was issued, in seconds since 1970.
    public var issued: UInt32
    /// The rolling counter (rewritten on each grant when the door uses counters).
    public var counter: UInt32

    /// Creates token fields.
    public init(user: String, issued: UInt32, counter: UInt32) {
        self.user = user
        self.issued = issued
        self.counter = counter
    }

    /// The record for the tag with `uid`, signed with `key`.
    ///
    /// - Throws: `.userNameLength` when the user name is empty or over 64 bytes.
    public func record(uid: [UInt8], key: SymmetricKey) throws(TokenError) -> NDEFRecord {
        let user = Array(self.user.utf8)
        guard (1...64).contains(user.count) else { throw .userNameLength(user.count) }
        let fields = [Self.version, UInt8(user.count)] + user + Self.bigEndian(issued) + Self.bigEndian(counter)
        let payload = fields + Self.mac(uid: uid, fields: fields, key: key)
        do throws(NDEFError) {
            return try .external(type: Self.recordType, data: payload)
        } catch {
            throw .malformed("record: \(error.reason)")
        }
    }

    /// Reads and checks a token record read from the tag with `uid`.
    ///
    /// The MAC is compared in constant time. Any failure is a `TokenError` saying why; a
    /// token is never returned unless its MAC is right for this UID and key.
    public init(record: NDEFRecord, uid: [UInt8], key: SymmetricKey) throws(TokenError) {
        guard record.typeNameFormat == .nfcExternal, record.typeString.lowercased() == Self.recordType else {
            throw .notAToken
        }
        let payload = record.payload
        guard payload.count >= 2 + 1 + 8 + Self.macLength else { throw .malformed("payload of \(payload.count) bytes is too short") }
        guard payload[0] == Self.version else { throw .unsupportedVersion(payload[0]) }
        let userLength = Int(payload[1])
        guard (1...64).contains(userLength), payload.count == 2 + userLength + 8 + Self.macLength else {
            throw .malformed("user length \(userLength) does not match the payload of \(payload.count) bytes")
        }
        let fields = Array(payload.dropLast(Self.macLength))
        guard Self.constantTimeEqual(Self.mac(uid: uid, fields: fields, key: key), Array(payload.suffix(Self.macLength))) else {
            throw .badMAC
        }
        guard let user = String(validating: payload[2..<2 + userLength], as: UTF8.self) else { throw .malformed("user is not UTF-8") }
        let numbers = payload[(2 + userLength)...]
        self.init(
            user: user,
            issued: Self.integer(numbers.prefix(4)),
            counter: Self.integer(numbers.dropFirst(4).prefix(4)))
    }

    private static func mac(uid: [UInt8], fields: [UInt8], key: SymmetricKey) -> [UInt8] {
        Array(Array(HMAC<SHA256>.authenticationCode(for: uid + fields, using: key)).prefix(macLength))
    }

    /// True when `a` and `b` are equal, in time that depends only on their length.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private static func integer(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// Why a token was refused.
public enum TokenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The record is not a `pn532ctl.org:token` external record.
    case notAToken
    /// The payload's format version is not one this build reads.
    case unsupportedVersion(UInt8)
    /// The payload is not laid out as a token.
    case malformed(String)
    /// The MAC is wrong: another key, another tag (a copy), or altered fields.
    case badMAC
    /// A user name of this many bytes cannot be issued (1-64).
    case userNameLength(Int)

    public var description: String {
        switch self {
        case .notAToken: "not a pn532ctl.org:token record"
        case let .unsupportedVersion(version): "token format version \(version) is not supported"
        case let .malformed(reason): "malformed token: \(reason)"
        case .badMAC: "the token's MAC is wrong for this tag and key (a copy, another site's key, or altered)"
        case let .userNameLength(count): "a user name must be 1-64 bytes, not \(count)"
        }
    }
}
