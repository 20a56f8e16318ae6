import NDEF

/// What an `NFCNDEFReaderSession` tells its delegate, as Core NFC's
/// `NFCNDEFReaderSessionDelegate`.
///
/// The session calls these methods on the queue it was given, else on its reader thread, one at
/// a time and in order (see `NFCNDEFTag` for the completion handlers, called the same way):
/// return quickly, and start a `Task` for work that awaits.
public protocol NFCNDEFReaderSessionDelegate: AnyObject {
    /// The reader is open and the session polls for tags.
    func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession)

    /// The session ended; `error` is an `NFCReaderError` whose `code` says why
    /// (`readerSessionInvalidationErrorFirstNDEFTagRead` and `…UserCanceled` are the expected
    /// ends). A session cannot begin again.
    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error)

    /// A tag's NDEF message was read (a session that reports messages).
    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage])

    /// Tags were found: connect to one to read or write it; polling waits until
    /// `restartPolling()`. Called by a session created with `reportsTags`, and by one created
    /// with `init(delegate:queue:invalidateAfterFirstRead:)` when the delegate implements it
    /// (as Core NFC does); else the session reads the tag and calls `didDetectNDEFs`.
    func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag])
}

extension NFCNDEFReaderSessionDelegate {
    /// Does nothing.
    public func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession) {}
    /// Does nothing.
    public func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage]) {}
    /// Not implemented by the delegate, as Core NFC's optional method: the session reads the
    /// tag's message and reports it with `didDetectNDEFs` instead.
    public func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag]) {
        session.delegateDeclinedTags()
    }
}
