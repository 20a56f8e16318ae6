import Basics
import JSONText

/// A snapshot with its Ed25519 signature, as it travels: one JSON object,
/// `{"format":…,"site":…,"group":…,"version":N,"issued":N,"users":"…","signature":"128 hex"}`.
public struct SignedUsersSnapshot: Equatable, Sendable {
    /// The largest payload read: 8 MiB, room for far more users than a site has, and a bound
    /// on what a broker or a file can make a door read.
    public static let sizeLimit = 8 << 20

    /// The snapshot.
    public let snapshot: UsersSnapshot
    /// Its 64-byte Ed25519 signature over `snapshot.signedBytes`.
    public let signature: [UInt8]

    /// A snapshot with its signature.
    public init(snapshot: UsersSnapshot, signature: [UInt8]) {
        self.snapshot = snapshot
        self.signature = signature
    }

    /// The payload, one line of JSON.
    public var json: String {
        JSONValue.object([
            ("format", .string(UsersSnapshot.format)), ("site", .string(snapshot.site)), ("group", .string(snapshot.group)),
            ("version", .int(Int(snapshot.version))), ("issued", .int(Int(snapshot.issued))),
            ("users", .string(snapshot.users)), ("signature", .string(Hex.encode(signature))),
        ]).text
    }

    /// Reads a payload, checking its shape and fields but not its signature.
    ///
    /// - Throws: `UsersSnapshotError`: `.tooLarge` unread, `.malformed` or `.unknownFormat`,
    ///   or a field's error.
    public init(json bytes: [UInt8]) throws(UsersSnapshotError) {
        guard bytes.count <= Self.sizeLimit else { throw .tooLarge(bytes.count) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .malformed("it is not UTF-8") }
        let members: [String: FlatJSON.Value]
        do throws(FlatJSON.ParseError) { members = try FlatJSON.object(text) } catch { throw .malformed("\(error)") }
        let known = ["format", "site", "group", "version", "issued", "users", "signature"]
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) { throw .malformed("unknown member \"\(unknown)\"") }
        func string(_ key: String) throws(UsersSnapshotError) -> String {
            guard case .string(let value)? = members[key] else { throw .malformed("\"\(key)\" is missing or not a string") }
            return value
        }
        func number(_ key: String) throws(UsersSnapshotError) -> UInt64 {
            guard case .number(let text)? = members[key], text.utf8.count <= 20, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let value = UInt64(text) else { throw .malformed("\"\(key)\" is missing or not a whole number") }
            return value
        }
        let format = try string("format")
        guard format == UsersSnapshot.format else { throw .unknownFormat(format) }
        let signatureText = try string("signature")
        guard signatureText.utf8.count == 128, let signature = Hex.bytes(signatureText) else { throw .malformed("\"signature\" is not 128 hex digits") }
        snapshot = try UsersSnapshot(site: try string("site"), group: try string("group"), version: try number("version"), issued: try number("issued"), users: try string("users"))
        self.signature = signature
    }
}
