/// Why a tag command got no usable answer for a reason that is not the tag's: the reader
/// failed, the process was interrupted, a budget ran out, or the answer broke the protocol.
///
/// The error the reader threw is kept in `underlying`, so a layer that knows the reader (the
/// executable, a technician's tool) can still read its structure: the PN532 status byte, the
/// command, errno, the device. Layers that do not know the reader use `kind`.
public struct TransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Hashable, Sendable {
        /// The reader or its link failed (no ACK, a timeout of the chip, an I/O error, a
        /// status byte that is not about the tag).
        case reader
        /// A signal interrupted the wait (the process is being stopped); the number is the signal.
        case interrupted(signal: Int32)
        /// The caller's budget of commands or time for this tag is spent.
        case budgetExhausted
        /// The tag's answer does not have the form its protocol requires (a wrong length).
        case malformedAnswer
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// A sentence a person can act on.
    public var message: String
    /// The error the reader threw, when there is one (for the PN532, a `PN532Error`).
    public var underlying: (any Error & Sendable)?

    /// A failure of `kind` saying `message`, caused by `underlying` when given.
    public init(_ kind: Kind, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }

    /// Equal when kind and message are: the underlying error is context, not identity.
    public static func == (lhs: TransportFailure, rhs: TransportFailure) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(message)
    }
}
