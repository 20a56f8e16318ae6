/// Why a snapshot cannot be made, read or applied, and what to do.
public enum UsersSnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `field` (`site` or `group`) is not a fleet name.
    case badName(field: String, String)
    /// The version is 0 or beyond 2^63 − 1.
    case badVersion
    /// The issue time is beyond 2^63 − 1.
    case badIssueTime
    /// The users are not a users section: why.
    case badUsers(String)
    /// The payload is larger than `SignedUsersSnapshot.sizeLimit`.
    case tooLarge(Int)
    /// The payload is not a snapshot: why.
    case malformed(String)
    /// Another format or version of it.
    case unknownFormat(String)
    /// Signed for another site or group: which, and which was expected.
    case otherScope(field: String, found: String, expected: String)
    /// The signature does not verify with the public key.
    case badSignature
    /// Not newer than the one applied: its version and the applied one.
    case notNewer(version: UInt64, applied: UInt64)

    public var description: String {
        switch self {
        case let .badName(field, name):
            "\(field) \"\(name)\": not a fleet name (1 to \(FleetName.lengthLimit) letters, digits, '.', '_' or '-', not starting with '.' or '-')"
        case .badVersion:
            "the version is not between 1 and \(Int64.max): versions start at 1 and only grow"
        case .badIssueTime:
            "the issue time is beyond \(Int64.max) seconds"
        case .badUsers(let why):
            "the users are not a users section: \(why)"
        case .tooLarge(let count):
            "the snapshot has \(count) bytes, more than \(SignedUsersSnapshot.sizeLimit): refused unread"
        case .malformed(let why):
            "not a users snapshot: \(why)"
        case .unknownFormat(let format):
            "a snapshot of format \"\(format)\", not \(UsersSnapshot.format): update pn532ctl on this door, or sign it with this door's version"
        case let .otherScope(field, found, expected):
            "a snapshot for \(field) \"\(found)\", not this door's \"\(expected)\": refused"
        case .badSignature:
            "the signature does not verify with the fleet's public key: refused (tampered, or signed with another key)"
        case let .notNewer(version, applied):
            "version \(version) is not newer than version \(applied), already applied: refused (a replay, or sign it with a higher --version)"
        }
    }
}
