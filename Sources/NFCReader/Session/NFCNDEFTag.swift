import NDEF

/// A tag that may hold an NDEF message, as Core NFC's `NFCNDEFTag`.
///
/// Every method needs the tag connected first (`connect(to:)` on its session) and runs on the
/// session's reader thread. Each comes in Core NFC's two shapes: `async`, where the caller's
/// task waits without blocking a thread, and with a completion handler, called where the
/// session calls its delegate (its `queue`, else its reader thread) with the answer or the
/// `NFCReaderError` as `Error`.
public protocol NFCNDEFTag: AnyObject, Sendable {
    /// True while the tag is the connected tag of a session that has not ended.
    var isAvailable: Bool { get }

    /// Whether the tag holds NDEF and may be written, and the largest message it can hold in
    /// bytes (0 when not supported).
    func queryNDEFStatus() async throws(NFCReaderError) -> (status: NFCNDEFStatus, capacity: Int)

    /// `queryNDEFStatus()` with a completion handler: the status, the capacity, and nil or the error
    /// (with `.notSupported` and 0).
    func queryNDEFStatus(completionHandler: @escaping (NFCNDEFStatus, Int, (any Error)?) -> Void)

    /// The tag's NDEF message.
    ///
    /// - Throws: `ndefReaderSessionErrorZeroLengthMessage` when the tag holds no message.
    func readNDEF() async throws(NFCReaderError) -> NFCNDEFMessage

    /// `readNDEF()` with a completion handler: the message or the error.
    func readNDEF(completionHandler: @escaping (NFCNDEFMessage?, (any Error)?) -> Void)

    /// Writes `message` as the tag's NDEF message, read back and compared.
    ///
    /// - Throws: `ndefReaderSessionErrorTagNotWritable` for a read-only tag,
    ///   `…TagSizeTooSmall` when the message does not fit (nothing is written),
    ///   `…TagUpdateFailure` when the tag left part way.
    func writeNDEF(_ message: NFCNDEFMessage) async throws(NFCReaderError)

    /// `writeNDEF(_:)` with a completion handler: nil or the error.
    func writeNDEF(_ message: NFCNDEFMessage, completionHandler: @escaping ((any Error)?) -> Void)

    /// Makes the tag read-only for good. Nothing undoes this.
    ///
    /// - Throws: `ndefReaderSessionErrorTagNotWritable` when it is already locked.
    func writeLock() async throws(NFCReaderError)

    /// `writeLock()` with a completion handler: nil or the error.
    func writeLock(completionHandler: @escaping ((any Error)?) -> Void)
}
