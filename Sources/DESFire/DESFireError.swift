import Basics
import ISO7816
import NFCCore
import Type4

/// Why a DESFire command or the NDEF formatting failed, with what a person needs to act on
/// it. `step` names the command ("CreateStdDataFile 02 (E104)").
public indirect enum DESFireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The APDU exchange failed (the card left, the reader failed, a broken answer).
    case exchange(ISO7816Error, step: String)
    /// The card answered a native error status.
    case status(DESFireStatus, step: String)
    /// The card answered an ISO status word, not `91 xx`: it does not speak DESFire's
    /// wrapped native commands.
    case notNative(StatusWord, step: String)
    /// The answer's data breaks the command's format; the words say how.
    case malformedAnswer(String, step: String)
    /// The card kept answering `91 AF` past the frames the command's answer can take.
    case endlessAnswer(frames: Int, step: String)
    /// GetVersion says the card is not one this layer formats (a DESFire EV1 or later).
    case unsupportedCard(String)
    /// The card holds the NDEF application already.
    case alreadyFormatted(capacity: Int)
    /// Creating an application needs the PICC master key (its key settings), which this
    /// layer does not authenticate with.
    case needsMasterKey(keySettings: UInt8)
    /// The card's memory cannot hold the NDEF application.
    case insufficientMemory(String)
    /// Application 000001 exists but is not an NDEF application this layer can finish.
    case foreignApplication(String)
    /// Formatting stopped after the card was changed: the cause (naming the command), and
    /// that a new `format` finishes what is missing.
    case stopped(DESFireError)
    /// Reading the NDEF application through the Type 4 layer failed at `step`.
    case type4(Type4Error, step: String)

    public var description: String {
        switch self {
        case let .exchange(error, step):
            "\(step): \(error)"
        case let .status(status, step):
            "\(step): the card answered \(status)"
        case let .notNative(status, step):
            "\(step): the card answered \(status), not a DESFire status (91 xx): it is not a MIFARE DESFire"
        case let .malformedAnswer(problem, step):
            "\(step): the card's answer is malformed: \(problem)"
        case let .endlessAnswer(frames, step):
            "\(step): the card was still announcing more (91 AF) after \(frames) frame\(frames == 1 ? "" : "s"), all this answer can take: given up"
        case let .unsupportedCard(reason):
            "cannot format this card for NDEF: \(reason); nothing was written"
        case let .alreadyFormatted(capacity):
            "already formatted: the card holds the NDEF application (an NDEF file of \(capacity) bytes for the message); nothing was written — `write` replaces its message"
        case let .needsMasterKey(settings):
            "the PICC master key settings (\(Hex.encode([settings]))) require authentication with the master key to create an application: not done by pn532ctl yet; nothing was written"
        case let .insufficientMemory(reason):
            "the card's memory is too small for the NDEF application: \(reason)"
        case let .foreignApplication(reason):
            "application 000001 is on the card but is not an NDEF application pn532ctl can finish: \(reason); deleting it needs the PICC master key (not done by pn532ctl)"
        case let .stopped(cause):
            "formatting stopped: \(cause). The card may hold part of the NDEF application: present it again and run format again, which finishes what is missing"
        case let .type4(error, step):
            "\(step): \(error)"
        }
    }

    /// The failure of the link under the error, if that is what it is (the card left, the
    /// reader failed).
    public var exchangeFailure: TagExchangeError? {
        switch self {
        case let .exchange(.exchange(error), _): error
        case let .stopped(cause): cause.exchangeFailure
        case let .type4(.exchange(.exchange(error), _), _): error
        default: nil
        }
    }
}
