import NDEF

/// What an `NFCNDEFReaderSession` tells its delegate, as Core NFC's
/// `NFCNDEFReaderSessionDelegate`.
///
/// The session calls these methods on its reader thread, one at a time and in order: return
/// quickly, and start a `Task` for work that awaits (connecting, reading, writing).
public protocol NFCNDEFReaderSessionDelegate: AnyObject, Sendable {
    /// The reader is open and the session polls for tags.
    func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession)

    /// The session ended; `error.code` says why (`readerSessionInvalidationErrorFirstNDEFTagRead`
    /// and `…UserCanceled` are the expected ends). A session cannot begin again.
    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: NFCReaderError)

    /// A tag's NDEF message was read (a session that reports messages).
    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NDEFMessage])

    /// Tags were found (a session created with `reportsTags`): connect to one to read or
    /// write it; polling waits until `restartPolling()`.
    func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag])
}

extension NFCNDEFReaderSessionDelegate {
    /// Does nothing.
    public func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession) {}
    /// Does nothing.
    public func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NDEFMessage]) {}
    /// Does nothing.
    public func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag]) {}
}
