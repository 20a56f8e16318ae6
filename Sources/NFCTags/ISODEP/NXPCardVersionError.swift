import Basics
import NFCCore

/// Why a card gave no GetVersion: it refused it (a bank card or a phone answers `6D 00` or
/// `6E 00`, a DESFire in a state that forbids it `91 AE`…), answered something of the wrong
/// length, or the exchange failed.
public enum NXPCardVersionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The answer to part 1, 2 or 3 was shorter than a status word.
    case noStatus(part: Int)
    /// The answer to part 1, 2 or 3 ended with another status word than the one expected.
    case status(part: Int, UInt16)
    /// The data of part 1, 2 or 3 had the wrong length (7, 7 and 14 or 15 bytes expected).
    case length(part: Int, count: Int)
    /// A decoder was given another number of answers than 3.
    case answerCount(Int)
    /// The exchange with the card failed.
    case exchange(TagExchangeError)

    public var description: String {
        switch self {
        case let .noStatus(part): "GetVersion part \(part): the answer has no status word"
        case let .status(part, status): "GetVersion part \(part): status \(Hex.encode([UInt8(status >> 8), UInt8(status & 0xFF)]))"
        case let .length(part, count): "GetVersion part \(part): \(count) bytes of data"
        case let .answerCount(count): "GetVersion: \(count) answers, 3 expected"
        case let .exchange(error): error.description
        }
    }
}
