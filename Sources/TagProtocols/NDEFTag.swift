import NDEF

/// A tag that holds NDEF, whatever its type, seen synchronously over its tag exchange: what
/// the door, the sessions and provisioning use when they only read and write NDEF.
///
/// Each tag layer conforms its tag type (`Type2Tag`), mapping its own errors into
/// ``TagFailure``. The names differ from Core NFC's async `NFCNDEFTag` so that a tag type can
/// keep its own methods with its detailed error beside these.
public protocol NDEFTag: AnyObject {
    /// Whether the tag holds NDEF and may be written, and the largest message it can hold.
    func ndefStatus() throws(TagFailure) -> NDEFStatusReport

    /// The tag's NDEF message, decoded in `mode`; an empty message when it holds an empty one.
    ///
    /// - Throws: `.notFormatted`, `.invalidNDEF` (`noNDEFMessageTLV` when it holds none).
    func readNDEFMessage(mode: DecodingMode) throws(TagFailure) -> NDEFMessage

    /// Writes `message` as the tag's NDEF message, tear-safe; with `verify` the written bytes
    /// are read back and compared.
    ///
    /// - Throws: `.notFormatted`, `.readOnly`, `.messageTooLong` (nothing is written then),
    ///   `.tornWrite`, `.verificationFailed`.
    func writeNDEFMessage(_ message: NDEFMessage, verify: Bool) throws(TagFailure)

    /// Writes `message` over the tag's message, in place when its length is unchanged and the
    /// tag type allows (only the bytes that change are written: a message whose changing
    /// record checks itself survives a torn write in its other records), then verifies it.
    /// By default it is `writeNDEFMessage(_:verify:)` with verification.
    func updateNDEFMessage(_ message: NDEFMessage) throws(TagFailure)

    /// Makes the tag read-only for good. Nothing undoes this.
    ///
    /// - Throws: `.notFormatted`, `.alreadyLocked` (nothing is written then).
    func writeLock() throws(TagFailure)
}

extension NDEFTag {
    /// The tag's NDEF message, decoded strictly.
    public func readNDEFMessage() throws(TagFailure) -> NDEFMessage {
        try readNDEFMessage(mode: .strict)
    }

    /// Writes `message` tear-safe and verifies it.
    public func writeNDEFMessage(_ message: NDEFMessage) throws(TagFailure) {
        try writeNDEFMessage(message, verify: true)
    }

    public func updateNDEFMessage(_ message: NDEFMessage) throws(TagFailure) {
        try writeNDEFMessage(message, verify: true)
    }
}
