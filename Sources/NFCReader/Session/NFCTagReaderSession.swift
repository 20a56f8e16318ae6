/// A session that finds tags and lets the app connect to one, as Core NFC's
/// `NFCTagReaderSession`, over a PN532.
///
/// ```swift
/// let session = NFCTagReaderSession(device: "sim")
/// session.begin()
/// for try await tags in session.detections {
///     guard tags.count == 1, let tag = tags.first else { session.restartPolling(); continue }
///     try await session.connect(to: tag)
///     let (status, capacity) = try await tag.ndefTag.queryNDEFStatus()
///     session.invalidate()
/// }
/// ```
///
/// After each detection polling waits until `restartPolling()`, which reports the tags still in
/// the field again. Two tags in the field are reported together: as in Core NFC, the app
/// decides (the usual answer: ask for one tag and restart polling). The session ends on
/// `invalidate()`, when the task iterating `detections` is cancelled, after `timeout` (60 s, on
/// the reader's clock) or when the reader fails; the field is then switched off and the reader
/// closed.
public final class NFCTagReaderSession: NFCReaderSession, @unchecked Sendable {
    private let channel = DetectionChannel<[NFCTag]>()
    private let delegate: (any NFCTagReaderSessionDelegate)?

    /// A session on the reader `device` names (`sim` by default: the in-process simulator).
    public convenience init(device: String = "sim", delegate: (any NFCTagReaderSessionDelegate)? = nil, timeout: Duration = .seconds(60)) {
        self.init(reader: .named(device), delegate: delegate, timeout: timeout)
    }

    /// A session on `reader`.
    public init(reader: NFCReaderDevice, delegate: (any NFCTagReaderSessionDelegate)? = nil, timeout: Duration = .seconds(60)) {
        self.delegate = delegate
        super.init(reader: reader, timeout: timeout)
        core.install(ReaderSessionCore.Handlers(
            becameActive: { [self] in delegate?.tagReaderSessionDidBecomeActive(self) },
            detect: { [self] _, _, targets in
                let detection = core.nextDetectionNumber()
                let tags = targets.map { NFCTag.miFare(NFCMiFareTag(target: $0, detection: detection, core: core)) }
                delegate?.tagReaderSession(self, didDetect: tags)
                channel.send(tags)
                return .pause
            },
            ended: { [self] error in
                delegate?.tagReaderSession(self, didInvalidateWithError: error)
                channel.finish(error)
            }))
    }

    /// The tags of each detection, in order, ending when the session is invalidated (see
    /// `NFCDetectionStream`). Cancelling the task that iterates it invalidates the session.
    public var detections: NFCDetectionStream<[NFCTag]> {
        NFCDetectionStream(channel: channel, cancel: { [core] in core.invalidate(.userCanceled) })
    }

    /// Connects to a tag of the latest detection: selects it and identifies its product.
    ///
    /// - Throws: `readerErrorInvalidParameter` for a tag of another session,
    ///   `readerTransceiveErrorTagConnectionLost` when it has left or is from an earlier poll.
    public func connect(to tag: NFCTag) async throws(NFCReaderError) {
        switch tag {
        case .miFare(let tag):
            guard tag.core === core else {
                throw NFCReaderError(.readerErrorInvalidParameter, "the tag was not reported by this session")
            }
            try await tag.connect()
        }
    }
}
