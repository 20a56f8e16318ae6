import DESFire
import ISO7816
import NFCCore

/// Why an EV2 command failed, naming the command (`step`). After any of them but
/// ``notAuthenticated`` and ``invalidArgument`` the session is gone: the card ends it on
/// every error, and this layer ends it on every answer it cannot trust.
public enum EV2Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The APDU exchange failed (the card left or stalled, the reader failed).
    case exchange(ISO7816Error, step: String)
    /// The card answered a native error status (`91 AE` authentication error, `91 1E`
    /// integrity error, `91 AD` authentication delay, …).
    case status(DESFireStatus, step: String)
    /// The card answered an ISO status word, not `91 xx`: it does not speak native commands.
    case notNative(StatusWord, step: String)
    /// The answer's MAC is not the session's: a forged, replayed or corrupted answer.
    case wrongMAC(step: String)
    /// The answer breaks the command's format (its length, its padding); the words say how.
    case malformedAnswer(String, step: String)
    /// The card's proof of the key (RndA′) is not this reader's challenge turned: the card
    /// does not hold the key, or the answer was recorded.
    case cardNotAuthenticated(step: String)
    /// The command needs an authenticated session and there is none.
    case notAuthenticated(step: String)
    /// The session's command counter is spent: authenticate again.
    case counterExhausted(step: String)
    /// An argument is outside what the command carries; nothing was sent.
    case invalidArgument(String, step: String)

    public var description: String {
        switch self {
        case let .exchange(error, step): "\(step): \(error)"
        case let .status(status, step) where status == .authenticationError:
            "\(step): the card answered 91 AE (authentication error): a wrong key, or a command that needs another key"
        case let .status(status, step): "\(step): the card answered \(status)"
        case let .notNative(status, step):
            "\(step): the card answered \(status), not a native status (91 xx): it is not an NTAG 424 DNA or DESFire EV2 application"
        case let .wrongMAC(step): "\(step): the card's answer carries a wrong MAC (forged, replayed or corrupted): session ended"
        case let .malformedAnswer(problem, step): "\(step): the card's answer is malformed: \(problem)"
        case let .cardNotAuthenticated(step):
            "\(step): the card did not prove it holds the key (its RndA′ is not our challenge): not the card it claims to be"
        case let .notAuthenticated(step): "\(step): needs an authenticated session: authenticate first"
        case let .counterExhausted(step): "\(step): the session's command counter is spent: authenticate again"
        case let .invalidArgument(problem, step): "\(step): \(problem); nothing was sent"
        }
    }

    /// The failure of the link under the error, if that is what it is.
    public var exchangeFailure: TagExchangeError? {
        if case let .exchange(.exchange(error), _) = self { return error }
        return nil
    }
}
