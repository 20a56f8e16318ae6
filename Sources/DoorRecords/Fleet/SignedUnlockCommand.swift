import Basics
import JSONText

/// An unlock command with its Ed25519 signature, as it travels: one JSON object,
/// `{"format":…,"door":…,"nonce":"hex","issued":N,"expires":N,"reason":…,"signature":"128 hex"}`
/// (`reason` left out when empty).
public struct SignedUnlockCommand: Equatable, Sendable {
    /// The largest payload read: 1 KiB, far more than a command needs.
    public static let sizeLimit = 1024

    /// The command.
    public let command: UnlockCommand
    /// Its 64-byte Ed25519 signature over `command.signedBytes`.
    public let signature: [UInt8]

    /// A command with its signature.
    public init(command: UnlockCommand, signature: [UInt8]) {
        self.command = command
        self.signature = signature
    }

    /// The payload, one line of JSON.
    public var json: String {
        var members: [(String, JSONValue)] = [
            ("format", .string(UnlockCommand.format)), ("door", .string(command.door)), ("nonce", .string(Hex.encode(command.nonce))),
            ("issued", .int(Int(command.issued))), ("expires", .int(Int(command.expires))),
        ]
        if !command.reason.isEmpty { members.append(("reason", .string(command.reason))) }
        members.append(("signature", .string(Hex.encode(signature))))
        return JSONValue.object(members).text
    }

    /// Reads a payload, checking its shape and fields but not its signature.
    ///
    /// - Throws: `UnlockCommandError`: `.tooLarge` unread, `.malformed`, `.unknownFormat` or
    ///   `.badField`.
    public init(json bytes: [UInt8]) throws(UnlockCommandError) {
        guard bytes.count <= Self.sizeLimit else { throw .tooLarge(bytes.count) }
        let payload = try FleetPayload(bytes, known: ["format", "door", "nonce", "issued", "expires", "reason", "signature"], malformed: UnlockCommandError.malformed)
        let format = try payload.string("format")
        guard format == UnlockCommand.format else { throw .unknownFormat(format) }
        let signatureText = try payload.string("signature")
        guard signatureText.utf8.count == 128, let signature = Hex.bytes(signatureText) else { throw .malformed("\"signature\" is not 128 hex digits") }
        let nonceText = try payload.string("nonce")
        guard nonceText.utf8.count <= 2 * UnlockCommand.nonceLengths.upperBound, let nonce = Hex.bytes(nonceText) else {
            throw .malformed("\"nonce\" is not hex of at most \(UnlockCommand.nonceLengths.upperBound) bytes")
        }
        command = try UnlockCommand(
            door: try payload.string("door"), nonce: nonce, issued: try payload.number("issued"), expires: try payload.number("expires"),
            reason: try payload.optionalString("reason") ?? "")
        self.signature = signature
    }
}
