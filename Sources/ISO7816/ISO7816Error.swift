import NFCCore

/// Why an APDU exchange failed below the application: the link, or an answer that breaks
/// ISO/IEC 7816-4.
public enum ISO7816Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The command cannot be built: the words say which bound it breaks.
    case invalidCommand(String)
    /// The command is longer than the reader carries in one exchange; nothing was sent.
    case commandTooLong(length: Int, limit: Int)
    /// The tag exchange failed (the card left, the reader failed).
    case exchange(TagExchangeError)
    /// The card answered fewer than two bytes: no status word.
    case malformedResponse(byteCount: Int)
    /// The card kept asking for another GET RESPONSE or another Le (`61 xx`, `6C xx`) past
    /// the bound: an answer that never ends.
    case endlessResponse(rounds: Int)
    /// The card answered more data than the command asked for, or more than an APDU carries.
    case responseTooLong(byteCount: Int, limit: Int)

    public var description: String {
        switch self {
        case let .invalidCommand(problem):
            "invalid command APDU: \(problem)"
        case let .commandTooLong(length, limit):
            "the command APDU is \(length) bytes, the reader carries at most \(limit): nothing was sent"
        case let .exchange(error):
            "\(error)"
        case let .malformedResponse(count):
            "the card answered \(count) bytes, too few for a status word"
        case let .endlessResponse(rounds):
            "the card was still announcing more of its answer after \(rounds) rounds (61xx/6Cxx): given up"
        case let .responseTooLong(count, limit):
            "the card answered \(count) data bytes, at most \(limit) were asked for"
        }
    }

    /// The error as a tag exchange error, for layers that report only those: a failure of the
    /// link as it is, a broken answer as a malformed answer.
    public var tagExchangeError: TagExchangeError {
        if case .exchange(let error) = self { return error }
        return .transport(TransportFailure(.malformedAnswer, description))
    }
}
