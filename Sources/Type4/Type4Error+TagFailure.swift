import ISO7816
import NDEF
import NFCCore
import TagProtocols

extension Type4Error {
    /// The error as a ``TagFailure`` for callers that do not know the tag type: the same words,
    /// this error kept as its `underlying`.
    public var tagFailure: TagFailure {
        let kind: TagFailure.Kind
        switch self {
        case let .exchange(error, _): kind = .exchange(error.tagExchangeError)
        case .refused(.securityStatusNotSatisfied, _), .readProtected: kind = .passwordProtected
        case .refused(.instructionNotSupported, _), .refused(.classNotSupported, _), .lockUnsupported: kind = .unsupported
        case .refused: kind = .exchange(.negativeAcknowledgement(nil))
        case .noNDEFApplication, .invalidCapabilityContainer: kind = .notFormatted
        case .readOnly: kind = .readOnly
        case let .lengthBeyondFile(length, capacity):
            kind = .invalidNDEF(NDEFError(offset: 0, reason: .truncated(.tlvLength, needed: length, available: capacity)))
        case let .messageTooLong(length, capacity): kind = .messageTooLong(length: length, capacity: capacity)
        case let .invalidNDEF(error): kind = .invalidNDEF(error)
        case .tornWrite: kind = .tornWrite
        case .verificationFailed: kind = .verificationFailed
        case .alreadyLocked: kind = .alreadyLocked
        }
        return TagFailure(kind, description, underlying: self)
    }
}
