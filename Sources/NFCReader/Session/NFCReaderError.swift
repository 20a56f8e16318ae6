import PN532Reader

/// Why a reader session or a tag operation failed, with Core NFC's error codes.
///
/// This is Core NFC's `NFCReaderError`: `code` says what kind of failure it is, in the codes a
/// Core NFC app already switches on; `message` says it in words a person can act on; and
/// `underlyingError` keeps the typed error it came from (a `PN532Error` with the status byte,
/// command and device, a `Type2Error` with the tag's NAK and the step, a `DeviceSpecError`).
public struct NFCReaderError: Error, Sendable, CustomStringConvertible {
    /// Core NFC's `NFCReaderError.Code`, with its raw values.
    public enum Code: Int, Hashable, Sendable, CaseIterable {
        /// The tag or the reader does not support the operation (a tag not formatted for NDEF,
        /// an unknown product).
        case readerErrorUnsupportedFeature = 1
        /// The tag refused access: a password is needed or was wrong.
        case readerErrorSecurityViolation = 2
        /// An argument was not valid (a device string that names no device).
        case readerErrorInvalidParameter = 3
        /// An argument had a length that is not valid.
        case readerErrorInvalidParameterLength = 4
        /// An argument was out of range.
        case readerErrorParameterOutOfBound = 5
        /// The RF field cannot be used.
        case readerErrorRadioDisabled = 6
        /// The tag stopped answering: it left the field.
        case readerTransceiveErrorTagConnectionLost = 100
        /// The tag did not answer after every retry.
        case readerTransceiveErrorRetryExceeded = 101
        /// The tag answered with an error (a NAK) or with data that is not valid.
        case readerTransceiveErrorTagResponseError = 102
        /// The session was invalidated before or during the operation.
        case readerTransceiveErrorSessionInvalidated = 103
        /// The operation needs a connected tag: call `connect(to:)` first.
        case readerTransceiveErrorTagNotConnected = 104
        /// The command is longer than the reader can send.
        case readerTransceiveErrorPacketTooLong = 105
        /// `invalidate()` was called, or the task awaiting the session was cancelled.
        case readerSessionInvalidationErrorUserCanceled = 200
        /// The session ran for its whole timeout (60 s, as Core NFC's).
        case readerSessionInvalidationErrorSessionTimeout = 201
        /// The reader failed: it stopped answering, or could not be opened.
        case readerSessionInvalidationErrorSessionTerminatedUnexpectedly = 202
        /// The reader is in use by another program.
        case readerSessionInvalidationErrorSystemIsBusy = 203
        /// A session created with `invalidateAfterFirstRead` read its tag.
        case readerSessionInvalidationErrorFirstNDEFTagRead = 204
        /// A tag command's configuration was not valid.
        case tagCommandConfigurationErrorInvalidParameters = 300
        /// The tag is read-only.
        case ndefReaderSessionErrorTagNotWritable = 400
        /// Writing the tag failed part way (it left the field, or reading back found other bytes).
        case ndefReaderSessionErrorTagUpdateFailure = 401
        /// The message does not fit the tag; nothing was written.
        case ndefReaderSessionErrorTagSizeTooSmall = 402
        /// The tag holds no NDEF message (it is empty).
        case ndefReaderSessionErrorZeroLengthMessage = 403
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong and what to do, for a person.
    public var message: String
    /// The typed error this one was made from, when there is one.
    public var underlyingError: (any Error & Sendable)?

    /// An error with `code`, described by `message`, made from `underlyingError`.
    public init(_ code: Code, _ message: String, underlyingError: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.underlyingError = underlyingError
    }

    /// The message, as Core NFC's `localizedDescription` (there is no localisation here).
    public var localizedDescription: String { message }

    /// `message (code)`, e.g. `the tag is read-only (ndefReaderSessionErrorTagNotWritable)`.
    public var description: String { "\(message) (\(code))" }
}
