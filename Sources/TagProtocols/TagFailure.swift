import NDEF
import NFCCore

/// Why an operation on a tag failed, for callers that do not know the tag's type (the door,
/// the sessions, provisioning): every tag layer maps its own detailed error into one.
///
/// `kind` is what a caller decides on (retry, tell the user to format, report the tag as
/// gone); `message` is the tag layer's own sentence, unchanged; `underlying` keeps the tag
/// layer's error (a `Type2Error` with the page and the step), so a caller that knows the
/// tag type can still read its structure.
public struct TagFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as far as a caller that does not know the tag type needs to tell.
    public enum Kind: Hashable, Sendable {
        /// A tag command failed: the tag did not answer (it left the field), refused it
        /// (NAK), or the reader failed (`TagExchangeError.transport`).
        case exchange(TagExchangeError)
        /// The tag answered with a product its layer does not know.
        case unknownProduct
        /// The tag is not formatted for NDEF.
        case notFormatted
        /// The tag is read-only; nothing was written.
        case readOnly
        /// The tag is already read-only for good; nothing was written.
        case alreadyLocked
        /// The message does not fit; nothing was written.
        case messageTooLong(length: Int, capacity: Int)
        /// The tag holds data that is not valid NDEF (`noNDEFMessageTLV`: no message at all).
        case invalidNDEF(NDEFError)
        /// The tag left the field part way through a write.
        case tornWrite
        /// Reading back after a write found other bytes than were written.
        case verificationFailed
        /// One-time-programmable bits cannot reach the value wanted; nothing was written.
        case oneTimeProgrammable
        /// The operation would erase what the tag holds and was not confirmed.
        case wouldErase
        /// The tag's product does not have the command or feature.
        case unsupported
        /// A command was refused because the memory needs a password first.
        case passwordProtected
        /// The tag refused the password, or accepted it but answered another PACK than the
        /// one expected (it may be a clone).
        case wrongPassword
    }

    /// What went wrong.
    public var kind: Kind
    /// The tag layer's sentence a person can act on.
    public var message: String
    /// The tag layer's own error, when there is one.
    public var underlying: (any Error & Sendable)?

    /// A failure of `kind` saying `message`, from the tag layer's `underlying` error.
    public init(_ kind: Kind, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }

    /// True when the tag stopped answering: it left the field (during a write or not).
    public var tagLeft: Bool {
        switch kind {
        case .tornWrite, .exchange(.noAnswer): true
        default: false
        }
    }

    /// Equal when kind and message are: the underlying error is context, not identity.
    public static func == (lhs: TagFailure, rhs: TagFailure) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(message)
    }
}
