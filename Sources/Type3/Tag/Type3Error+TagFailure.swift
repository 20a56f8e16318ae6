import NFCCore
import TagProtocols

extension Type3Error {
    /// The error as a ``TagFailure`` for callers that do not know the tag type: the same words,
    /// this error kept as its `underlying`.
    public var tagFailure: TagFailure {
        let kind: TagFailure.Kind
        switch self {
        case let .exchange(error, _): kind = .exchange(error)
        case let .frame(error, _) where error.kind == .argument: kind = .unsupported
        case .frame: kind = .exchange(.transport(TransportFailure(.malformedAnswer, description)))
        case .status: kind = .exchange(.negativeAcknowledgement(nil))
        case .invalidAttributeBlock: kind = .notFormatted
        case .tornWrite, .leftDuringWrite: kind = .tornWrite
        case .readOnly: kind = .readOnly
        case .alreadyLocked: kind = .alreadyLocked
        case let .messageTooLong(length, capacity): kind = .messageTooLong(length: length, capacity: capacity)
        case let .invalidNDEF(error): kind = .invalidNDEF(error)
        case .verificationFailed: kind = .verificationFailed
        }
        return TagFailure(kind, description, underlying: self)
    }
}
