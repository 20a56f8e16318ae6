import TagProtocols

extension Type2Error {
    /// The error as a ``TagFailure`` for callers that do not know the tag type: the same words,
    /// this error kept as its `underlying`.
    public var tagFailure: TagFailure {
        let kind: TagFailure.Kind
        switch self {
        case let .exchange(error, _): kind = .exchange(error)
        case .unknownProduct: kind = .unknownProduct
        case .notFormatted: kind = .notFormatted
        case .readOnly: kind = .readOnly
        case .alreadyLocked: kind = .alreadyLocked
        case let .messageTooLong(length, capacity): kind = .messageTooLong(length: length, capacity: capacity)
        case let .invalidNDEF(error): kind = .invalidNDEF(error)
        case .tornWrite: kind = .tornWrite
        case .verificationFailed: kind = .verificationFailed
        case .oneTimeProgrammable: kind = .oneTimeProgrammable
        case .wouldErase: kind = .wouldErase
        case .unsupported: kind = .unsupported
        case .passwordProtected: kind = .passwordProtected
        case .wrongPassword, .unexpectedAcknowledgement, .aesAuthenticationRefused, .aesCardNotAuthenticated: kind = .wrongPassword
        }
        return TagFailure(kind, description, underlying: self)
    }
}
