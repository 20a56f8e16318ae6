import Basics

/// Why a SUN message was refused: a URL that is not a SUN message of the layout (``isMalformed``),
/// or one whose check failed (the PICCData does not decrypt to a tag's, the MAC is wrong).
public enum SUNError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL is longer than the limit.
    case tooLong(bytes: Int, limit: Int)
    /// The query has more parameters than the limit.
    case tooManyParameters(limit: Int)
    /// A parameter the layout needs is not in the URL (several names: any of them).
    case missingParameter(String)
    /// A parameter the layout uses stands twice in the URL.
    case duplicateParameter(String)
    /// A parameter's value has a character that is not a hex digit at `position` (from 1).
    case notHex(parameter: String, position: Int)
    /// A parameter's value has `digits` hex digits, not what it must have.
    case wrongLength(parameter: String, digits: Int, expected: String)
    /// The layout has encrypted PICCData, and the verifier no PICC (meta-read) key to decrypt it.
    case piccKeyNeeded(parameter: String)
    /// The UID, application ID and system identifier pass AN10922's 31 bytes of diversification input.
    case diversificationInput
    /// The parameter the MAC input starts at is not in the URL, or stands after the MAC.
    case macInputStart(parameter: String)
    /// The decrypted PICCData does not begin with the tag `C7` (UID and counter mirrored, a
    /// 7-byte UID): the PICC key is not the tag's, or the data was altered.
    case piccDataTag(UInt8)
    /// The SDMMAC is not the one the MAC key gives for this UID, counter and input.
    case wrongMAC

    /// True when the URL is not a well-formed SUN message of the layout (bad input), false when
    /// it is one and a cryptographic check failed.
    public var isMalformed: Bool {
        switch self {
        case .piccDataTag, .wrongMAC: false
        default: true
        }
    }

    public var description: String {
        switch self {
        case let .tooLong(bytes, limit): "the URL is \(bytes) bytes; a SUN URL has at most \(limit)"
        case let .tooManyParameters(limit): "the URL has more than \(limit) query parameters"
        case let .missingParameter(name): "the URL has no \(name) parameter"
        case let .duplicateParameter(name): "the URL has two \(name) parameters"
        case let .notHex(name, position): "\(name): character \(position) is not a hex digit"
        case let .wrongLength(name, digits, expected): "\(name): \(digits) hex digits, \(expected) expected"
        case let .piccKeyNeeded(name): "\(name) holds encrypted PICCData: the PICC (SDM meta-read) key is needed to read it"
        case .diversificationInput: "the UID, application ID and system identifier pass AN10922's 31 bytes: shorten the system identifier"
        case let .macInputStart(name): "the MAC input starts at \(name)'s value, which is not before the MAC in the URL"
        case let .piccDataTag(tag):
            "the PICCData decrypts to tag \(Hex.encode([tag])), not C7 (UID and counter): the PICC key is not this tag's, or the URL was altered"
        case .wrongMAC: "the SDMMAC is wrong: the MAC key is not this tag's, or the URL was altered"
        }
    }
}
