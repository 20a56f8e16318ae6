import Dispatch
import NFCCore
import NDEF
import NFCTags
import PN532
import PN532Reader
import Synchronization
import TagProtocols

/// A session that reads NDEF messages from tags as they come, as Core NFC's
/// `NFCNDEFReaderSession`, over a PN532.
///
/// ```swift
/// let session = NFCNDEFReaderSession(device: "sim", invalidateAfterFirstRead: false)
/// session.begin()
/// for try await detection in session.detections {
///     if case .messages(let messages) = detection { print(messages) }
/// }
/// ```
///
/// The session reads each tag once while it stays in the field; a tag is read again after it
/// has left and come back (or after `restartPolling()`). With two tags in the field nothing is
/// read (also when the second joins one already read): `alertMessage` becomes "More than 1 tag
/// is detected. Please remove all tags and try again." and a tag is read again once it comes
/// alone. The reader's `FieldWatcher` sees tags arrive, stay and leave. A session created with `reportsTags`
/// reports the tags themselves instead (as Core NFC does for a delegate that implements
/// `didDetect tags`): the app connects to one and reads, writes or locks it, and calls
/// `restartPolling()` for more.
///
/// The session ends (is invalidated) after its first read with `invalidateAfterFirstRead`,
/// on `invalidate()`, when the task iterating `detections` is cancelled, after `timeout` (60 s,
/// on the reader's clock) or when the reader fails. Then the field is switched off and the
/// reader closed, and the delegate's `didInvalidateWithError` is called.
///
/// Core NFC's own initialiser, `init(delegate:queue:invalidateAfterFirstRead:)`, takes Core NFC's
/// delegate code as it is (see `NFCNDEFReaderSessionDelegate`).
public final class NFCNDEFReaderSession: NFCReaderSession, @unchecked Sendable {
    /// What the session reports.
    public enum Detection: Sendable {
        /// The NDEF message of a tag that came into the field.
        case messages([NDEFMessage])
        /// Tags that came into the field (a session created with `reportsTags`).
        case tags([any NFCNDEFTag])
    }

    /// Core NFC's words for two tags in the field.
    public static let moreThanOneTagMessage = "More than 1 tag is detected. Please remove all tags and try again."

    /// Whether the session ends after its first read.
    public let invalidateAfterFirstRead: Bool
    /// Whether the session reports tags (`didDetect tags`) rather than their messages: true for
    /// a session created with `reportsTags`. One created with Core NFC's
    /// `init(delegate:queue:invalidateAfterFirstRead:)` reports tags when its delegate
    /// implements `readerSession(_:didDetect:)`, messages otherwise.
    public let reportsTags: Bool
    /// Whether the delegate's `didDetect tags` decides (Core NFC's initialiser).
    private let asksDelegate: Bool
    /// Set when the delegate's `didDetect tags` is the protocol's default: it did not take the tags.
    private let declined = Mutex(false)

    private let channel = DetectionChannel<Detection>()

    /// A session on the reader `device` names (`sim` by default: the in-process simulator).
    ///
    /// - Parameters:
    ///   - delegate: told of messages, tags and the end; optional when `detections` is used.
    ///   - reportsTags: report tags to connect to instead of their messages.
    ///   - invalidateAfterFirstRead: end the session after the first message is reported.
    ///   - timeout: the session's lifetime on the reader's clock (Core NFC: 60 s).
    public convenience init(
        device: String = "sim", delegate: (any NFCNDEFReaderSessionDelegate)? = nil,
        reportsTags: Bool = false, invalidateAfterFirstRead: Bool, timeout: Duration = .seconds(60)
    ) {
        self.init(reader: .named(device), delegate: delegate, reportsTags: reportsTags,
                  invalidateAfterFirstRead: invalidateAfterFirstRead, timeout: timeout)
    }

    /// A session on `reader` (see `init(device:delegate:reportsTags:invalidateAfterFirstRead:timeout:)`).
    public convenience init(
        reader: NFCReaderDevice, delegate: (any NFCNDEFReaderSessionDelegate)? = nil,
        reportsTags: Bool = false, invalidateAfterFirstRead: Bool, timeout: Duration = .seconds(60)
    ) {
        self.init(reader: reader, delegate: delegate, reportsTags: reportsTags, asksDelegate: false, queue: nil,
                  invalidateAfterFirstRead: invalidateAfterFirstRead, timeout: timeout)
    }

    /// Core NFC's initialiser: a session on `NFCReaderDevice.default` that calls `delegate` on
    /// `queue` (nil: on the session's reader thread) and reports tags when the delegate
    /// implements `didDetect tags`, messages otherwise.
    public convenience init(delegate: any NFCNDEFReaderSessionDelegate, queue: DispatchQueue?, invalidateAfterFirstRead: Bool) {
        self.init(reader: .default, delegate: delegate, reportsTags: false, asksDelegate: true, queue: queue,
                  invalidateAfterFirstRead: invalidateAfterFirstRead, timeout: .seconds(60))
    }

    private init(
        reader: NFCReaderDevice, delegate: (any NFCNDEFReaderSessionDelegate)?, reportsTags: Bool, asksDelegate: Bool,
        queue: DispatchQueue?, invalidateAfterFirstRead: Bool, timeout: Duration
    ) {
        self.reportsTags = reportsTags
        self.asksDelegate = asksDelegate
        self.invalidateAfterFirstRead = invalidateAfterFirstRead
        self.delegate = delegate
        // NDEF is read on Type 2 tags alone, which are type A: the other families are not
        // polled, so that the chip's wait for a type A tag is never cut short and a FeliCa or
        // type B card in the field does not hide the arrival of an NTAG.
        super.init(reader: reader, timeout: timeout, otherFamilies: [], queue: queue)
        core.install(ReaderSessionCore.Handlers(
            becameActive: { [self] in
                core.callbacks.run { [self] in self.delegate?.readerSessionDidBecomeActive(self) }
            },
            detect: { [self] _, chip, targets in
                if reportsTags { return reportTags(targets) }
                if asksDelegate, let taken = offerTags(targets) { return taken }
                return readMessage(chip: chip, targets: targets)
            },
            ended: { [self] error in
                core.callbacks.run { [self] in self.delegate?.readerSession(self, didInvalidateWithError: error) }
                channel.finish(error)
            }))
    }

    /// Told of messages, tags and the end.
    private let delegate: (any NFCNDEFReaderSessionDelegate)?

    /// The detections, in order, ending when the session is invalidated (see
    /// `NFCDetectionStream`). Cancelling the task that iterates it invalidates the session.
    public var detections: NFCDetectionStream<Detection> {
        NFCDetectionStream(channel: channel, cancel: { [core] in core.invalidate(.userCanceled) })
    }

    /// Connects to a tag the session reported, so that its NDEF can be queried, read, written
    /// or locked. Connecting to another tag disconnects the first.
    ///
    /// - Throws: `readerErrorInvalidParameter` for a tag of another session,
    ///   `readerTransceiveErrorTagConnectionLost` when it has left or is from an earlier poll.
    public func connect(to tag: any NFCNDEFTag) async throws(NFCReaderError) {
        try await core.perform(connecting(tag))
    }

    /// `connect(to:)` with a completion handler: nil or the error, where the session calls its
    /// delegate.
    public func connect(to tag: any NFCNDEFTag, completionHandler: @escaping ((any Error)?) -> Void) {
        core.run(connecting(tag)) { completionHandler($0.failure) }
    }

    private func connecting(_ tag: any NFCNDEFTag) -> ReaderJob<Void> {
        guard let reported = tag as? NFCSessionTag, reported.core === core else { return core.failing(.notThisSessionsTag) }
        return reported.connecting
    }

    /// Called by the protocol's default `didDetect tags`: the delegate did not take the tags.
    func delegateDeclinedTags() {
        declined.withLock { $0 = true }
    }

    /// Core NFC's initialiser: offers the tags to the delegate's `didDetect tags` and waits for
    /// it; nil when the delegate does not implement it (the message is read instead).
    private func offerTags(_ targets: [ListedTarget]) -> ReaderSessionCore.AfterDetection? {
        guard let delegate else { return nil }
        let detection = core.nextDetectionNumber()
        let tags = targets.compactMap { NFCTag(target: $0, detection: detection, core: core)?.ndefTag }
        let taken = core.callbacks.answer { () -> Bool in
            declined.withLock { $0 = false }
            delegate.readerSession(self, didDetect: tags)
            return declined.withLock { !$0 }
        }
        guard taken else { return nil }
        channel.send(.tags(tags))
        return .pause
    }

    /// Tags mode: report the targets and pause.
    private func reportTags(_ targets: [ListedTarget]) -> ReaderSessionCore.AfterDetection {
        let detection = core.nextDetectionNumber()
        let tags = targets.compactMap { NFCTag(target: $0, detection: detection, core: core)?.ndefTag }
        core.callbacks.run { [self] in delegate?.readerSession(self, didDetect: tags) }
        channel.send(.tags(tags))
        return .pause
    }

    /// Messages mode: read the one tag in the field and report its message.
    private func readMessage(
        chip: PN532Session, targets: [ListedTarget]
    ) -> ReaderSessionCore.AfterDetection {
        guard targets.count == 1, let target = targets.first else {
            core.alertMessage = Self.moreThanOneTagMessage
            return .keepPolling
        }
        // A card whose NDEF is not read (MIFARE Classic) is not reported and gets no command; a
        // Type 1, 3 or 4 tag without NDEF (a blank DESFire: one SELECT) is not reported either.
        let message: NDEFMessage
        do throws(TagFailure) {
            guard let tag = try ActivatedTag(target.info, over: TargetExchange(session: chip, target: target)).ndef else { return .keepPolling }
            let report = try tag.ndefStatus()
            guard report.status != .notSupported, report.hasNDEFTLV else { return .keepPolling }
            message = try tag.readNDEFMessage()
        } catch {
            if case .exchange(.transport) = error.kind { return .invalidate(NFCReaderError(error)) }
            return .keepPolling
        }
        guard !message.records.isEmpty else { return .keepPolling }
        core.callbacks.run { [self] in delegate?.readerSession(self, didDetectNDEFs: [message]) }
        channel.send(.messages([message]))
        return invalidateAfterFirstRead ? .invalidate(.firstTagRead) : .keepPolling
    }
}
