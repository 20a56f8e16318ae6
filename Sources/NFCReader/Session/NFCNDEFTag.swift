import NDEF

/// A tag that may hold an NDEF message, as Core NFC's `NFCNDEFTag`.
///
/// Every method needs the tag connected first (`connect(to:)` on its session) and runs on the
/// session's reader thread; the caller's task waits without blocking a thread.
public protocol NFCNDEFTag: AnyObject, Sendable {
    /// True while the tag is the connected tag of a session that has not ended.
    var isAvailable: Bool { get }

    /// Whether the tag holds NDEF and may be written, and the largest message it can hold in
    /// bytes (0 when not supported).
    func queryNDEFStatus() async throws(NFCReaderError) -> (status: NFCNDEFStatus, capacity: Int)

    /// The tag's NDEF message.
    ///
    /// - Throws: `ndefReaderSessionErrorZeroLengthMessage` when the tag holds no message.
    func readNDEF() async throws(NFCReaderError) -> NDEFMessage

    /// Writes `message` as the tag's NDEF message, read back and compared.
    ///
    /// - Throws: `ndefReaderSessionErrorTagNotWritable` for a read-only tag,
    ///   `…TagSizeTooSmall` when the message does not fit (nothing is written),
    ///   `…TagUpdateFailure` when the tag left part way.
    func writeNDEF(_ message: NDEFMessage) async throws(NFCReaderError)

    /// Makes the tag read-only for good. Nothing undoes this.
    ///
    /// - Throws: `ndefReaderSessionErrorTagNotWritable` when it is already locked.
    func writeLock() async throws(NFCReaderError)
}
