/// Why an unlock command cannot be made, or why a door refuses one: each case has a short
/// `code` for an audit or log line and a `description` that says what to do.
public enum UnlockCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The payload is larger than `SignedUnlockCommand.sizeLimit`: its size.
    case tooLarge(Int)
    /// The payload is not an unlock command: why.
    case malformed(String)
    /// Another format or version of it.
    case unknownFormat(String)
    /// A field's value is not allowed: which, and why.
    case badField(String)
    /// The signature does not verify with the door's unlock public key.
    case badSignature
    /// Signed for another door: which, and this door.
    case otherDoor(found: String, expected: String)
    /// The door's clock is not synchronised, so it cannot tell whether the command is current.
    case clockUnsynchronised
    /// Issued later than the door's clock allows (its skew included): when, and now.
    case notYetValid(issued: UInt64, now: Int64)
    /// Expired: when, and now.
    case expired(expires: UInt64, now: Int64)
    /// Valid for longer than the door allows: how long, and the most it allows.
    case tooLongLived(seconds: UInt64, maximum: UInt64)
    /// Its nonce opened this door before.
    case replayed
    /// The nonce ledger holds its most unexpired nonces: its capacity.
    case ledgerFull(Int)
    /// The nonce ledger cannot be read or written: why.
    case ledgerUnavailable(String)

    /// The refusal in one word for an audit or log line (`bad-signature`, `replayed`, …).
    public var code: String {
        switch self {
        case .tooLarge: "too-large"
        case .malformed, .badField: "malformed"
        case .unknownFormat: "unknown-format"
        case .badSignature: "bad-signature"
        case .otherDoor: "other-door"
        case .clockUnsynchronised: "clock-unsynchronised"
        case .notYetValid: "not-yet-valid"
        case .expired: "expired"
        case .tooLongLived: "too-long-lived"
        case .replayed: "replayed"
        case .ledgerFull: "ledger-full"
        case .ledgerUnavailable: "ledger-unavailable"
        }
    }

    public var description: String {
        switch self {
        case .tooLarge(let count):
            "the unlock command has \(count) bytes, more than \(SignedUnlockCommand.sizeLimit): refused unread"
        case .malformed(let why):
            "not an unlock command: \(why)"
        case .unknownFormat(let format):
            "an unlock command of format \"\(format)\", not \(UnlockCommand.format): update pn532ctl on this door, or sign it with this door's version"
        case .badField(let why):
            "not an unlock command: \(why)"
        case .badSignature:
            "the signature does not verify with the fleet's unlock public key: refused (tampered, or signed with another key)"
        case let .otherDoor(found, expected):
            "an unlock command for door \"\(found)\", not this door \"\(expected)\": refused"
        case .clockUnsynchronised:
            "the clock is not synchronised, so whether the command is current cannot be told: refused (check NTP on the door)"
        case let .notYetValid(issued, now):
            "issued at \(issued), later than now (\(now)) allows: refused (check the clocks of the door and the signer)"
        case let .expired(expires, now):
            "expired at \(expires), now is \(now): refused (sign a new one)"
        case let .tooLongLived(seconds, maximum):
            "valid for \(seconds) s, longer than the \(maximum) s a door accepts: refused (sign one with a shorter --valid)"
        case .replayed:
            "its nonce opened this door before: refused (a replay)"
        case .ledgerFull(let capacity):
            "the door already holds \(capacity) unexpired unlock nonces: refused until some expire"
        case .ledgerUnavailable(let why):
            "the ledger of used unlock nonces cannot be kept: \(why): refused"
        }
    }
}
