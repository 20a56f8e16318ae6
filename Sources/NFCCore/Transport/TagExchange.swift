/// How a tag answers a command: the tag layer knows, the reader needs to (a PN532 receives a
/// 4-bit ACK only where it runs the exchange itself).
public enum TagAnswer: Hashable, Sendable {
    /// A frame of bytes (READ, GET_VERSION, an APDU's response).
    case frame
    /// A 4-bit ACK or NAK (a Type 2 WRITE, the second half of a COMPATIBILITY WRITE).
    case acknowledgement
}

/// Sends tag commands to one selected tag and returns its answers.
///
/// The PN532 session implements it; tests of the tag layers can use any other. Commands and
/// answers are without CRC. The tag layer says how the tag answers each command
/// (``TagAnswer``); the reader picks its way of sending it from that and the tag's
/// technology, never from the command's bytes. An acknowledged command answers `[0x0A]`.
public protocol TagExchange: AnyObject {
    /// The most bytes one command may carry to the tag (without CRC_A): the reader's frame
    /// limit less its own header.
    var maximumCommandLength: Int { get }

    /// The most bytes of one answer the reader can hand back (without CRC_A). A tag layer
    /// sizes its multi-block reads by it (Type 2's FAST_READ, ISO-DEP's Le).
    var maximumAnswerLength: Int { get }

    /// Sends `command` to the tag and returns its answer: the frame, or `[0x0A]` for an ACK.
    ///
    /// - Throws: `TagExchangeError`: `.noAnswer` when the tag stayed silent (it may have left
    ///   the field), `.negativeAcknowledgement` when it refused, `.transport` when the reader
    ///   failed (see `TransportFailure`).
    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8]

    /// Selects the same tag again (after a NAK or an unsupported command a tag stops answering
    /// until it is selected again).
    ///
    /// - Throws: `.noAnswer` when the tag is gone.
    func reselect() throws(TagExchangeError)

    /// Lets each answer of the tag take up to `time` from now on (a card computing a signature
    /// or a cryptogram needs far longer than a Type 2 READ). The default does nothing: for an
    /// exchange that does not time the tag's answers (a test's tag in memory).
    func allowAnswerTime(_ time: Duration)
}

extension TagExchange {
    public func allowAnswerTime(_ time: Duration) {}

    /// Sends `command`, which the tag answers with a frame, and returns the frame.
    public func exchange(_ command: [UInt8]) throws(TagExchangeError) -> [UInt8] {
        try exchange(command, answer: .frame)
    }
}

/// Why a tag command failed.
public enum TagExchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The tag did not answer: it left the field, or ignores the command.
    case noAnswer
    /// The tag refused the command (NAK); the 4-bit value when the reader reports it.
    case negativeAcknowledgement(UInt8?)
    /// The reader failed, the wait was interrupted, a budget ran out or the answer broke the
    /// protocol; the failure keeps the reader's own error.
    case transport(TransportFailure)

    public var description: String {
        switch self {
        case .noAnswer:
            "the tag did not answer (removed from the reader, or it does not support the command)"
        case .negativeAcknowledgement(let value):
            "the tag refused the command (NAK" + (value.map { " \($0)" } ?? "") + ")"
        case .transport(let failure):
            failure.message
        }
    }
}
