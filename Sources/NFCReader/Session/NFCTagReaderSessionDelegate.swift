/// What an `NFCTagReaderSession` tells its delegate, as Core NFC's
/// `NFCTagReaderSessionDelegate`.
///
/// The session calls these methods on the queue it was given, else on its reader thread, one at
/// a time and in order: return quickly, and start a `Task` for work that awaits.
public protocol NFCTagReaderSessionDelegate: AnyObject {
    /// The reader is open and the session polls for tags.
    func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession)

    /// The session ended; `error` is an `NFCReaderError` whose `code` says why. A session
    /// cannot begin again.
    func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: any Error)

    /// Tags were found: connect to one; polling waits until `restartPolling()`.
    func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag])
}

extension NFCTagReaderSessionDelegate {
    /// Does nothing.
    public func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession) {}
}
