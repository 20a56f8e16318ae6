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
        let payload = try FleetPayload(bytes, known: ["format", "site", "group", "version", "issued", "users", "signature"], malformed: UsersSnapshotError.malformed)
        let format = try payload.string("format")
        guard format == UsersSnapshot.format else { throw .unknownFormat(format) }
        let signatureText = try payload.string("signature")
        guard signatureText.utf8.count == 128, let signature = Hex.bytes(signatureText) else { throw .malformed("\"signature\" is not 128 hex digits") }
        snapshot = try UsersSnapshot(
            site: try payload.string("site"), group: try payload.string("group"), version: try payload.number("version"), issued: try payload.number("issued"),
            users: try payload.string("users"))
        self.signature = signature
    }
}
