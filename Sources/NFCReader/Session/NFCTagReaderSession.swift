import Dispatch
import PN532
import Synchronization

/// A session that finds tags and lets the app connect to one, as Core NFC's
/// `NFCTagReaderSession`, over a PN532.
///
/// ```swift
/// let session = NFCTagReaderSession(pollingOption: [.iso14443, .iso18092], device: "sim")
/// session.begin()
/// for try await tags in session.detections {
///     guard tags.count == 1, let tag = tags.first else { session.restartPolling(); continue }
///     try await session.connect(to: tag)
///     switch tag {
///     case .miFare(let mifare): print(mifare.mifareFamily, try await mifare.queryNDEFStatus())
///     case .iso7816(let card): print(try await card.sendCommand(apdu: selectPPSE))
///     case .feliCa(let felica): print(felica.currentIDm, felica.currentSystemCode)
///     }
///     session.invalidate()
/// }
/// ```
///
/// The session reports the families its `pollingOption` names: `.iso14443` type A
/// (`.miFare`, or `.iso7816` for an ISO-DEP card) and type B (`.iso7816`), `.iso18092` FeliCa
/// (`.feliCa`). While the field is empty the chip cycles through the families named itself
/// (InAutoPoll): a type A tag is seen within 0.15 s, the others within 1.05 s. While tags are
/// in the field every family named is listed again at each presence check, so a tag of one
/// family is seen while another's stays. Jewel/Topaz cards are never reported (see `NFCTag`).
///
/// After each detection polling waits until `restartPolling()`, which reports the tags still in
/// the field again. Two tags in the field are reported together: as in Core NFC, the app
/// decides (the usual answer: ask for one tag and restart polling). The session ends on
/// `invalidate()`, when the task iterating `detections` is cancelled, after `timeout` (60 s, on
/// the reader's clock) or when the reader fails; the field is then switched off and the reader
/// closed.
public final class NFCTagReaderSession: NFCReaderSession, @unchecked Sendable {
    /// The families the session reports.
    public let pollingOption: PollingOption
    private let channel = DetectionChannel<[NFCTag]>()
    private let delegate: (any NFCTagReaderSessionDelegate)?
    /// The tag connected last.
    private let connected = Mutex<NFCTag?>(nil)

    /// A session on the reader `device` names (`sim` by default: the in-process simulator, once
    /// `PN532ReaderSimulator`'s `SimulatorKind.register()` has run), reporting the families
    /// `pollingOption` names (type A and B by default).
    public convenience init(
        pollingOption: PollingOption = .iso14443, device: String = "sim", delegate: (any NFCTagReaderSessionDelegate)? = nil,
        timeout: Duration = .seconds(60)
    ) {
        self.init(pollingOption: pollingOption, reader: .named(device), delegate: delegate, timeout: timeout)
    }

    /// A session on `reader`, reporting the families `pollingOption` names.
    public convenience init(
        pollingOption: PollingOption = .iso14443, reader: NFCReaderDevice, delegate: (any NFCTagReaderSessionDelegate)? = nil,
        timeout: Duration = .seconds(60)
    ) {
        self.init(pollingOption: pollingOption, reader: reader, delegate: delegate, queue: nil, timeout: timeout)
    }

    /// Core NFC's initialiser: a session on `NFCReaderDevice.default` that calls `delegate` on
    /// `queue` (nil: on the session's reader thread); nil when `pollingOption` is empty or names
    /// a technology a PN532 does not poll.
    public convenience init?(pollingOption: PollingOption, delegate: any NFCTagReaderSessionDelegate, queue: DispatchQueue?) {
        guard pollingOption.refusal == nil else { return nil }
        self.init(pollingOption: pollingOption, reader: .default, delegate: delegate, queue: queue, timeout: .seconds(60))
    }

    private init(
        pollingOption: PollingOption, reader: NFCReaderDevice, delegate: (any NFCTagReaderSessionDelegate)?, queue: DispatchQueue?,
        timeout: Duration
    ) {
        self.pollingOption = pollingOption
        self.delegate = delegate
        super.init(reader: reader, timeout: timeout, otherFamilies: pollingOption.otherFamilies, queue: queue)
        core.install(ReaderSessionCore.Handlers(
            becameActive: { [self] in
                core.callbacks.run { [self] in self.delegate?.tagReaderSessionDidBecomeActive(self) }
            },
            detect: { [self] _, _, targets in
                let reported = targets.filter { pollingOption.reports($0.modulation) }
                guard !reported.isEmpty else { return .keepPolling }
                let detection = core.nextDetectionNumber()
                let tags = reported.compactMap { NFCTag(target: $0, detection: detection, core: core) }
                core.callbacks.run { [self] in self.delegate?.tagReaderSession(self, didDetect: tags) }
                channel.send(tags)
                return .pause
            },
            ended: { [self] error in
                core.callbacks.run { [self] in self.delegate?.tagReaderSession(self, didInvalidateWithError: error) }
                channel.finish(error)
            }))
    }

    /// Opens the reader and starts polling. A session begins once; one whose polling option
    /// is empty or names a technology the PN532 does not poll ends at once with
    /// `readerErrorInvalidParameter`.
    public override func begin() {
        if let refusal = pollingOption.refusal { return core.invalidate(refusal) }
        super.begin()
    }

    /// The tags of each detection, in order, ending when the session is invalidated (see
    /// `NFCDetectionStream`). Cancelling the task that iterates it invalidates the session.
    public var detections: NFCDetectionStream<[NFCTag]> {
        NFCDetectionStream(channel: channel, cancel: { [core] in core.invalidate(.userCanceled) })
    }

    /// The connected tag, as Core NFC's `connectedTag`: nil before `connect(to:)`, after
    /// `restartPolling()` and once the session has ended.
    public var connectedTag: NFCTag? {
        guard let tag = connected.withLock({ $0 }), tag.isAvailable else { return nil }
        return tag
    }

    /// Connects to a tag of the latest detection: selects it and identifies its product (a
    /// Type 2 tag's GET_VERSION).
    ///
    /// - Throws: `readerErrorInvalidParameter` for a tag of another session,
    ///   `readerTransceiveErrorTagConnectionLost` when it has left or is from an earlier poll.
    public func connect(to tag: NFCTag) async throws(NFCReaderError) {
        try await core.perform(connecting(tag))
    }

    /// `connect(to:)` with a completion handler: nil or the error, where the session calls its
    /// delegate.
    public func connect(to tag: NFCTag, completionHandler: @escaping ((any Error)?) -> Void) {
        core.run(connecting(tag)) { completionHandler($0.failure) }
    }

    private func connecting(_ tag: NFCTag) -> ReaderJob<Void> {
        guard tag.sessionTag.core === core else { return core.failing(.notThisSessionsTag) }
        return checked(tag.sessionTag.connecting) { [self] _ throws(NFCReaderError) in
            connected.withLock { $0 = tag }
        }
    }
}
