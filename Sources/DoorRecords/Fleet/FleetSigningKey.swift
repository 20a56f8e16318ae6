import Basics
import Crypto

/// The fleet administrator's Ed25519 key: it signs snapshots, or remote unlock commands (a
/// separate key pair, made the same way). The private key stays with the administrator; each
/// door holds only the public key.
public struct FleetSigningKey: Sendable, CustomStringConvertible {
    private let key: Curve25519.Signing.PrivateKey

    /// A new random key.
    public init() {
        key = Curve25519.Signing.PrivateKey()
    }

    /// The key of the 32 bytes `raw`; nil for another length.
    public init?(raw: [UInt8]) {
        guard raw.count == 32, let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else { return nil }
        self.key = key
    }

    /// The 32 bytes to keep in the private key file.
    public var raw: [UInt8] { Array(key.rawRepresentation) }

    /// The public key the doors verify with.
    public var publicKey: FleetPublicKey { FleetPublicKey(key: key.publicKey) }

    /// `snapshot` signed.
    ///
    /// - Throws: only when the crypto library fails to sign.
    public func sign(_ snapshot: UsersSnapshot) throws -> SignedUsersSnapshot {
        SignedUsersSnapshot(snapshot: snapshot, signature: Array(try key.signature(for: snapshot.signedBytes)))
    }

    /// `command` signed.
    ///
    /// - Throws: only when the crypto library fails to sign.
    public func sign(_ command: UnlockCommand) throws -> SignedUnlockCommand {
        SignedUnlockCommand(command: command, signature: Array(try key.signature(for: command.signedBytes)))
    }

    /// "Ed25519 signing key", never the key.
    public var description: String { "Ed25519 signing key" }
}

/// The fleet's Ed25519 public key, which a door verifies snapshots (or unlock commands) with.
public struct FleetPublicKey: Sendable, Equatable {
    fileprivate let key: Curve25519.Signing.PublicKey

    fileprivate init(key: Curve25519.Signing.PublicKey) {
        self.key = key
    }

    /// The key of the 32 bytes `raw`; nil for another length or a point that is not a key.
    public init?(raw: [UInt8]) {
        guard raw.count == 32, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else { return nil }
        self.key = key
    }

    /// Its 32 bytes.
    public var raw: [UInt8] { Array(key.rawRepresentation) }

    /// The public key file's text: a header and the key in hex, one line each.
    public var fileText: String { Self.header + "\n" + Hex.encode(raw) + "\n" }

    /// The public key file's first line.
    public static let header = "# pn532ctl fleet public key (Ed25519)"

    /// The key in a public key file's text (the header line, then 64 hex digits); nil for
    /// anything else.
    public init?(fileText: String) {
        let lines = fileText.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.count == 2, lines[0] == Self.header, lines[1].utf8.count == 64, let raw = Hex.bytes(lines[1]) else { return nil }
        self.init(raw: raw)
    }

    /// `signed`'s snapshot, when its signature verifies with this key and it is for `site`
    /// and `group` and newer than version `applied` (0: none applied yet).
    ///
    /// - Throws: `UsersSnapshotError`: `.badSignature` (checked first: every field is signed),
    ///   `.otherScope` or `.notNewer`.
    public func verify(_ signed: SignedUsersSnapshot, site: String, group: String, applied: UInt64 = 0) throws(UsersSnapshotError) -> UsersSnapshot {
        let snapshot = signed.snapshot
        guard isValid(signed.signature, for: snapshot.signedBytes) else { throw .badSignature }
        guard snapshot.site == site else { throw .otherScope(field: "site", found: snapshot.site, expected: site) }
        guard snapshot.group == group else { throw .otherScope(field: "group", found: snapshot.group, expected: group) }
        guard snapshot.version > applied else { throw .notNewer(version: snapshot.version, applied: applied) }
        return snapshot
    }

    /// True when `signature` is this key's Ed25519 signature of `bytes`.
    func isValid(_ signature: [UInt8], for bytes: [UInt8]) -> Bool {
        signature.count == 64 && key.isValidSignature(signature, for: bytes)
    }

    public static func == (lhs: FleetPublicKey, rhs: FleetPublicKey) -> Bool { lhs.raw == rhs.raw }
}
