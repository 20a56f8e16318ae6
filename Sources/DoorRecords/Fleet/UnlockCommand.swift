import Basics

/// A remote unlock: one door, once, within a short window. The administrator signs it with the
/// fleet's unlock key (`pn532ctl fleet unlock`), it travels over MQTT on the door's `lock/set`
/// topic, and the door checks it itself (`UnlockGate`) before the relay moves.
public struct UnlockCommand: Equatable, Sendable {
    /// The format's name, the first thing signed: a users snapshot's signature never verifies
    /// as a command, nor the other way round.
    public static let format = "pn532ctl-unlock/1"
    /// The nonce's length in bytes: at least 16 random ones, at most 32.
    public static let nonceLengths = 16...32
    /// The longest reason, in bytes.
    public static let reasonLimit = 128

    /// The door it opens: a fleet name, this door's device id.
    public let door: String
    /// Random bytes that make it unique: a door opens for each nonce once.
    public let nonce: [UInt8]
    /// When it was signed, seconds since 1970 (UTC).
    public let issued: UInt64
    /// The first second it no longer opens, seconds since 1970 (UTC); after `issued`.
    public let expires: UInt64
    /// Who asked and why, for the audit line: printable ASCII, empty for none.
    public let reason: String

    /// A command, its fields checked.
    ///
    /// - Throws: `UnlockCommandError.badField` naming the field.
    public init(door: String, nonce: [UInt8], issued: UInt64, expires: UInt64, reason: String = "") throws(UnlockCommandError) {
        guard FleetName.isValid(door) else {
            throw .badField("door \"\(door)\": not a fleet name (1 to \(FleetName.lengthLimit) letters, digits, '.', '_' or '-', not starting with '.' or '-')")
        }
        guard Self.nonceLengths.contains(nonce.count) else { throw .badField("the nonce has \(nonce.count) bytes, not \(Self.nonceLengths.lowerBound) to \(Self.nonceLengths.upperBound)") }
        guard issued <= UInt64(Int64.max), expires <= UInt64(Int64.max) else { throw .badField("a time is beyond \(Int64.max) seconds") }
        guard expires > issued else { throw .badField("it expires at \(expires), not after it was issued at \(issued)") }
        guard reason.utf8.count <= Self.reasonLimit, reason.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw .badField("the reason is not printable ASCII of at most \(Self.reasonLimit) bytes")
        }
        self.door = door
        self.nonce = nonce
        self.issued = issued
        self.expires = expires
        self.reason = reason
    }

    /// A command for `door` valid from `issued` for `validity` seconds, with a fresh random
    /// nonce of 16 bytes.
    ///
    /// - Throws: `UnlockCommandError.badField` naming the field.
    public static func random(door: String, issued: UInt64, validity: UInt64, reason: String = "") throws(UnlockCommandError) -> UnlockCommand {
        var generator = SystemRandomNumberGenerator()
        let nonce = (0..<Self.nonceLengths.lowerBound).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let (expires, overflow) = issued.addingReportingOverflow(validity)
        guard !overflow else { throw .badField("a time is beyond \(Int64.max) seconds") }
        return try UnlockCommand(door: door, nonce: nonce, issued: issued, expires: expires, reason: reason)
    }

    /// The bytes the signature covers: the format, door, nonce (upper-case hex), issue and
    /// expiry times in decimal, and the reason, each ended by a NUL (none of them can hold one).
    public var signedBytes: [UInt8] {
        var bytes: [UInt8] = []
        for field in [Self.format, door, Hex.encode(nonce), String(issued), String(expires), reason] {
            bytes += Array(field.utf8)
            bytes.append(0)
        }
        return bytes
    }
}
