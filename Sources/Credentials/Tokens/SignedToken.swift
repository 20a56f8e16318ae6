import Crypto
import NDEF

/// A door token as it is stored on a tag: an NFC Forum external record `pn532ctl.org:token`
/// holding who it is for, where and until when it opens, when it was issued, a counter, and a
/// MAC binding all of it to the tag's UID.
///
/// Version 2 payload (written by `token issue`):
/// `02` ‖ counter (4) ‖ MAC (16) ‖ key id (1) ‖ issued (4) ‖ expires (4, 0 = never) ‖
/// site length (1, 0-32) ‖ site ‖ group count (1, 0-8) ‖ each group: length (1, 1-32) ‖ name ‖
/// user length (1, 1-64) ‖ user. Integers are big-endian, times in seconds since 1970.
/// MAC = HMAC-SHA256(key, `pn532ctl.org:token:v2` ‖ UID length (1) ‖ UID ‖ every payload byte
/// except the MAC), truncated to 16 bytes. The counter and the MAC come first so that
/// rewriting them (a rolling counter) changes no byte near the record that follows: a torn
/// write-back spoils at most the slot written (`TokenSlots`).
///
/// Version 1 (read only when `security.accept_v1_tokens`): `01` ‖ user length ‖ user ‖
/// issued (4) ‖ counter (4) ‖ MAC over UID ‖ the bytes before it, with no label, no site, no
/// key id and no expiry.
public struct SignedToken: Hashable, Sendable {
    /// The payload layouts.
    public enum Format: UInt8, Hashable, Sendable {
        /// MAC over UID ‖ fields only (legacy).
        case v1 = 1
        /// Label, site, key id, UID length, groups and expiry under the MAC.
        case v2 = 2
    }

    /// The external type of token records.
    public static let recordType = "pn532ctl.org:token"
    /// The MAC's length: half of HMAC-SHA256.
    public static let macLength = 16
    /// The most door groups a token names.
    public static let maximumGroups = 8
    /// The longest site or group name, in bytes.
    public static let maximumNameLength = 32
    /// The domain-separation label at the start of every v2 MAC input.
    static let label = Array("pn532ctl.org:token:v2".utf8)

    /// The payload layout.
    public var format: Format
    /// The user the token was issued to.
    public var user: String
    /// When it was issued, in seconds since 1970 (also the token's generation: a newer one
    /// replaces the older on the same tag).
    public var issued: UInt32
    /// The rolling counter (rewritten on each grant when the door uses counters).
    public var counter: UInt32
    /// The site the token belongs to (v2; empty for v1).
    public var site: String
    /// Which of the site's keys signed it (v2; 0 for v1).
    public var keyID: UInt8
    /// The door groups it opens; empty opens every door of the site (v2).
    public var groups: [String]
    /// The last second it opens, in seconds since 1970; 0 = no expiry (v2).
    public var expires: UInt32

    /// Token fields; version 2 unless told otherwise.
    public init(
        user: String, issued: UInt32, counter: UInt32, site: String = "", keyID: UInt8 = 0,
        groups: [String] = [], expires: UInt32 = 0, format: Format = .v2
    ) {
        self.format = format
        self.user = user
        self.issued = issued
        self.counter = counter
        self.site = site
        self.keyID = keyID
        self.groups = groups
        self.expires = expires
    }

    /// The record for the tag with `uid`, signed with `key`.
    ///
    /// - Throws: `.randomUID` for a UID a card makes up anew at each activation (a phone's),
    ///   `.userNameLength` when the user name is empty or over 64 bytes; `.malformed` when the
    ///   site, a group or the number of groups is out of bounds, or v1 fields are set.
    public func record(uid: [UInt8], key: SymmetricKey) throws(TokenError) -> NDEFRecord {
        guard !Self.isRandomUID(uid) else { throw .randomUID(uid) }
        return try record(anyUID: uid, key: key)
    }

    /// The record for `uid` whatever it is, a random UID included: what a test needs to
    /// present a token an attacker crafted for one.
    package func record(anyUID uid: [UInt8], key: SymmetricKey) throws(TokenError) -> NDEFRecord {
        let payload = try payload(uid: uid, key: key)
        do throws(NDEFError) {
            return try .external(type: Self.recordType, data: payload)
        } catch {
            throw .malformed("record: \(error.reason)")
        }
    }

    private func payload(uid: [UInt8], key: SymmetricKey) throws(TokenError) -> [UInt8] {
        let user = Array(self.user.utf8)
        guard (1...64).contains(user.count) else { throw .userNameLength(user.count) }
        guard (0...255).contains(uid.count) else { throw .malformed("a UID of \(uid.count) bytes") }
        switch format {
        case .v1:
            guard site.isEmpty, keyID == 0, groups.isEmpty, expires == 0 else {
                throw .malformed("version 1 tokens carry no site, key id, groups or expiry")
            }
            let fields = [Format.v1.rawValue, UInt8(user.count)] + user + Self.bigEndian(issued) + Self.bigEndian(counter)
            return fields + Self.mac(uid + fields, key: key)
        case .v2:
            let site = Array(self.site.utf8)
            guard site.count <= Self.maximumNameLength else { throw .malformed("a site of \(site.count) bytes (at most \(Self.maximumNameLength))") }
            guard groups.count <= Self.maximumGroups else { throw .malformed("\(groups.count) groups (at most \(Self.maximumGroups))") }
            var tail = [keyID] + Self.bigEndian(issued) + Self.bigEndian(expires) + [UInt8(site.count)] + site + [UInt8(groups.count)]
            for group in groups {
                let name = Array(group.utf8)
                guard (1...Self.maximumNameLength).contains(name.count) else { throw .malformed("a group name of \(name.count) bytes (1-\(Self.maximumNameLength))") }
                tail += [UInt8(name.count)] + name
            }
            tail += [UInt8(user.count)] + user
            let head = [Format.v2.rawValue] + Self.bigEndian(counter)
            return head + Self.mac(Self.macInput(uid: uid, head: head, tail: tail), key: key) + tail
        }
    }

    /// Reads and checks a token record read from the tag with `uid`.
    ///
    /// The MAC is compared in constant time. Any failure is a `TokenError` saying why; a
    /// token is never returned unless its MAC is right for this UID and key. Both formats are
    /// read: whether v1 is acceptable is the door's decision. A token read from a card with a
    /// random UID is refused (`.randomUID`) before its MAC is looked at: such a UID names no
    /// card, so it binds nothing.
    public init(record: NDEFRecord, uid: [UInt8], key: SymmetricKey) throws(TokenError) {
        guard NDEFMessage.isToken(record) else { throw .notAToken }
        guard !Self.isRandomUID(uid) else { throw .randomUID(uid) }
        let payload = record.payload
        guard let version = payload.first else { throw .malformed("the payload is empty") }
        switch Format(rawValue: version) {
        case .v1?: self = try Self.v1(payload, uid: uid, key: key)
        case .v2?: self = try Self.v2(payload, uid: uid, key: key)
        case nil: throw .unsupportedVersion(version)
        }
    }

    private static func v1(_ payload: [UInt8], uid: [UInt8], key: SymmetricKey) throws(TokenError) -> SignedToken {
        guard payload.count >= 2 + 1 + 8 + macLength else { throw .malformed("payload of \(payload.count) bytes is too short") }
        let userLength = Int(payload[1])
        guard (1...64).contains(userLength), payload.count == 2 + userLength + 8 + macLength else {
            throw .malformed("user length \(userLength) does not match the payload of \(payload.count) bytes")
        }
        let fields = Array(payload.dropLast(macLength))
        guard constantTimeEqual(mac(uid + fields, key: key), Array(payload.suffix(macLength))) else { throw .badMAC }
        guard let user = String(validating: payload[2..<2 + userLength], as: UTF8.self) else { throw .malformed("user is not UTF-8") }
        let numbers = payload[(2 + userLength)...]
        return SignedToken(user: user, issued: integer(numbers.prefix(4)), counter: integer(numbers.dropFirst(4).prefix(4)), format: .v1)
    }

    private static func v2(_ payload: [UInt8], uid: [UInt8], key: SymmetricKey) throws(TokenError) -> SignedToken {
        let macEnd = 5 + macLength
        guard payload.count >= macEnd + 1 + 8 + 1 + 1 + 2 else { throw .malformed("payload of \(payload.count) bytes is too short") }
        guard uid.count <= 255 else { throw .malformed("a UID of \(uid.count) bytes") }
        let head = Array(payload[0..<5]), tail = Array(payload[macEnd...])
        guard constantTimeEqual(mac(macInput(uid: uid, head: head, tail: tail), key: key), Array(payload[5..<macEnd])) else { throw .badMAC }
        var reader = FieldReader(bytes: tail)
        guard let keyID = reader.byte(), let issued = reader.integer(), let expires = reader.integer(),
              let siteLength = reader.byte(), Int(siteLength) <= maximumNameLength, let site = reader.text(Int(siteLength)),
              let groupCount = reader.byte(), Int(groupCount) <= maximumGroups
        else { throw .malformed("the site or the times are not laid out as a version 2 token") }
        var groups: [String] = []
        for _ in 0..<Int(groupCount) {
            guard let length = reader.byte(), (1...maximumNameLength).contains(Int(length)), let group = reader.text(Int(length)) else {
                throw .malformed("a group is not 1-\(maximumNameLength) bytes of UTF-8")
            }
            groups.append(group)
        }
        guard let userLength = reader.byte(), (1...64).contains(Int(userLength)), let user = reader.text(Int(userLength)), reader.isAtEnd else {
            throw .malformed("the user is not 1-64 bytes of UTF-8 ending the payload")
        }
        return SignedToken(
            user: user, issued: issued, counter: integer(payload[1..<5]), site: site, keyID: keyID,
            groups: groups, expires: expires, format: .v2)
    }

    /// True for a random UID (ISO/IEC 14443-3: 4 bytes, the first `08`), which a phone or a
    /// payment card makes up anew at each activation: a token cannot be bound to it.
    public static func isRandomUID(_ uid: [UInt8]) -> Bool {
        uid.count == 4 && uid.first == 0x08
    }

    /// The v2 MAC input: label ‖ UID length ‖ UID ‖ the payload without its MAC.
    private static func macInput(uid: [UInt8], head: [UInt8], tail: [UInt8]) -> [UInt8] {
        label + [UInt8(truncatingIfNeeded: uid.count)] + uid + head + tail
    }

    private static func mac(_ input: [UInt8], key: SymmetricKey) -> [UInt8] {
        Array(Array(HMAC<SHA256>.authenticationCode(for: input, using: key)).prefix(macLength))
    }

    /// True when `a` and `b` are equal, in time that depends only on their length.
    package static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    static func integer(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// Reads a v2 token's fields front to back, every read bounded by what is left.
private struct FieldReader {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func byte() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func integer() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        defer { index += 4 }
        return SignedToken.integer(bytes[index..<index + 4])
    }

    mutating func text(_ length: Int) -> String? {
        guard length >= 0, bytes.count - index >= length else { return nil }
        defer { index += length }
        return String(validating: bytes[index..<index + length], as: UTF8.self)
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
    /// The UID is random (4 bytes, the first `08`): a new one at each activation, so no token
    /// is issued to it or accepted from it.
    case randomUID([UInt8])

    public var description: String {
        switch self {
        case .notAToken: "not a pn532ctl.org:token record"
        case let .unsupportedVersion(version): "token format version \(version) is not supported"
        case let .malformed(reason): "malformed token: \(reason)"
        case .badMAC: "the token's MAC is wrong for this tag and key (a copy, another site's key, or altered)"
        case let .userNameLength(count): "a user name must be 1-64 bytes, not \(count)"
        case .randomUID:
            "the tag's UID is random (4 bytes starting 08: a phone or a payment card makes up a new one at each presentation), so a token cannot be bound to it; issue tokens to tags with a fixed UID"
        }
    }
}
