import NDEF
import NFCCore
import TagProtocols

extension Type1Error {
    /// The error as a ``TagFailure`` for callers that do not know the tag type: the same words,
    /// this error kept as its `underlying`.
    public var tagFailure: TagFailure {
        let kind: TagFailure.Kind
        switch self {
        case let .exchange(error, _): kind = .exchange(error)
        case let .malformedAnswer(step, _, _):
            kind = .exchange(.transport(TransportFailure(.malformedAnswer, "\(step): malformed answer")))
        case .notNDEFCapable: kind = .unknownProduct
        case .notFormatted, .invalidMemorySize, .invalidated, .controlAreaOutsideMemory: kind = .notFormatted
        case let .invalidTLV(error), let .invalidNDEF(error): kind = .invalidNDEF(error)
        case let .ndefLengthBeyondDataArea(length, available):
            kind = .invalidNDEF(NDEFError(offset: 0, reason: .truncated(.tlvValue, needed: length, available: available)))
        case .readOnly, .writeRefused: kind = .readOnly
        case let .messageTooLong(length, capacity): kind = .messageTooLong(length: length, capacity: capacity)
        case .tornWrite: kind = .tornWrite
        case .verificationFailed: kind = .verificationFailed
        case .alreadyLocked: kind = .alreadyLocked
        }
        return TagFailure(kind, description, underlying: self)
    }
}
