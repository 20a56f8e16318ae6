import NFCCore
import NFCTags
import Type3
import PN532
import NDEF
import PN532Reader
import TagProtocols

extension NFCReaderError {
    /// A tag operation's failure, with the Core NFC code that fits it; `underlyingError` is
    /// the tag layer's own error (a `Type2Error`).
    init(_ failure: TagFailure) {
        let code: Code
        switch failure.kind {
        case .readOnly, .alreadyLocked: code = .ndefReaderSessionErrorTagNotWritable
        case .messageTooLong: code = .ndefReaderSessionErrorTagSizeTooSmall
        case .tornWrite, .verificationFailed, .oneTimeProgrammable: code = .ndefReaderSessionErrorTagUpdateFailure
        case .notFormatted, .unknownProduct, .unsupported: code = .readerErrorUnsupportedFeature
        case .wrongPassword, .passwordProtected: code = .readerErrorSecurityViolation
        case .wouldErase: code = .readerErrorInvalidParameter
        case .invalidNDEF(let problem) where problem.reason == .noNDEFMessageTLV: code = .ndefReaderSessionErrorZeroLengthMessage
        case .invalidNDEF: code = .readerTransceiveErrorTagResponseError
        case .exchange(let exchange): code = Self.code(exchange)
        }
        self.init(code, failure.message, underlyingError: failure.underlying ?? failure)
    }

    /// A tag command's failure.
    init(_ error: TagExchangeError, step: String) {
        self.init(Self.code(error), "\(step): \(error)", underlyingError: error)
    }

    /// A reader failure: busy when another program holds the device, else the session ends
    /// unexpectedly.
    init(_ error: PN532Error) {
        if case .link(let link) = error.kind, link.kind == .busy {
            self.init(.readerSessionInvalidationErrorSystemIsBusy, error.description, underlyingError: error)
        } else {
            self.init(.readerSessionInvalidationErrorSessionTerminatedUnexpectedly, error.description, underlyingError: error)
        }
    }

    /// A reader that could not be opened or started.
    init(_ error: ReaderError) {
        switch error {
        case .reader(let reader): self.init(reader)
        case .tag(let tag): self.init(tag)
        default: self.init(.readerErrorInvalidParameter, error.description, underlyingError: error)
        }
    }

    /// A FeliCa command refused before it was sent (an argument of the wrong size), or a
    /// card's answer that is not the command's.
    init(_ error: FeliCaFrameError) {
        switch error.kind {
        case .argument: self.init(.readerErrorInvalidParameterLength, error.message, underlyingError: error)
        case .answer: self.init(.readerTransceiveErrorTagResponseError, error.message, underlyingError: error)
        }
    }

    /// A device string that is not a device.
    init(_ error: DeviceSpecError) {
        self.init(.readerErrorInvalidParameter, error.description, underlyingError: error)
    }

    /// The code of a tag command's failure: a silent tag has left, a NAK is the tag's error, a
    /// transport failure is the reader's.
    private static func code(_ error: TagExchangeError) -> Code {
        switch error {
        case .noAnswer: .readerTransceiveErrorTagConnectionLost
        case .negativeAcknowledgement: .readerTransceiveErrorTagResponseError
        case .transport: .readerSessionInvalidationErrorSessionTerminatedUnexpectedly
        }
    }

    /// The session ended because `invalidate()` was called or its task was cancelled.
    static let userCanceled = NFCReaderError(.readerSessionInvalidationErrorUserCanceled, "the session was invalidated")
    /// The session ended after reading its first tag.
    static let firstTagRead = NFCReaderError(.readerSessionInvalidationErrorFirstNDEFTagRead, "the session read its first tag")
    /// An operation on a session that has ended.
    static let sessionInvalidated = NFCReaderError(.readerTransceiveErrorSessionInvalidated, "the session is invalidated: begin a new one")
    /// An operation on a tag that is not the connected one.
    static let tagNotConnected = NFCReaderError(.readerTransceiveErrorTagNotConnected, "the tag is not connected: call connect(to:) first")

    /// A tag given to `connect(to:)` that another session reported.
    static let notThisSessionsTag = NFCReaderError(.readerErrorInvalidParameter, "the tag was not reported by this session")

    /// The session ran out of time.
    static func sessionTimeout(_ timeout: Duration) -> NFCReaderError {
        NFCReaderError(.readerSessionInvalidationErrorSessionTimeout, "the session timed out after \(timeout.components.seconds) s")
    }
}
