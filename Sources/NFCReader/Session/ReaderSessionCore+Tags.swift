import NDEF
import NFCCore
import NFCTags
import PN532
import TagProtocols

/// What every tag a session reports does through the session's engine: connect, and the NDEF
/// operations (on the activated tag's `NDEFTag`; the other families answer `notSupported`).
extension ReaderSessionCore {
    /// Connects to `target` of `detection`: activates it (`ActivatedTag`: a Type 2 tag is
    /// identified by GET_VERSION, the other families are taken as the reader listed them).
    /// The connected tag before is disconnected.
    ///
    /// - Throws: `readerTransceiveErrorTagConnectionLost` when the tag is from an earlier poll
    ///   (or did not answer), what activating the tag throws.
    func connect(_ target: ListedTarget, detection: Int) async throws(NFCReaderError) {
        try await perform { [self] (worker, chip) throws(NFCReaderError) in
            guard detection == latestDetection else {
                throw NFCReaderError(.readerTransceiveErrorTagConnectionLost, "the tag is from an earlier poll: connect to one the latest detection reported")
            }
            let exchange = TargetExchange(session: chip, target: target)
            let tag: ActivatedTag
            do throws(TagFailure) { tag = try ActivatedTag(target.info, over: exchange, settings: Self.activation) } catch {
                throw NFCReaderError(error)
            }
            worker.connected = ConnectedTag(detection: detection, exchange: exchange, tag: tag)
            connectedDetection = detection
        }
    }

    /// How long a card may take to answer one command: 1 s for an ISO-DEP card (one computing
    /// a signature or a cryptogram needs far longer than a Type 2 READ) and a Jewel.
    static let activation = ActivationSettings(isoDEPAnswerTime: .seconds(1), type1AnswerTime: .seconds(1))

    /// Runs `body` on the reader thread with the connected tag, when it is the tag of `detection`.
    ///
    /// - Throws: `readerTransceiveErrorTagNotConnected` when another tag (or none) is connected.
    func withConnected<Value: Sendable>(
        _ detection: Int, _ body: @escaping @Sendable (ConnectedTag) throws(NFCReaderError) -> Value
    ) async throws(NFCReaderError) -> Value {
        try await perform { (worker, _) throws(NFCReaderError) in
            guard let connected = worker.connected, connected.detection == detection else { throw .tagNotConnected }
            return try body(connected)
        }
    }

    /// Runs `body` with the NDEF of the connected tag of `detection`.
    ///
    /// - Throws: `readerErrorUnsupportedFeature` (saying which card it is) for a tag of a
    ///   family whose NDEF is not read, `readerTransceiveErrorTagNotConnected` when it is not
    ///   connected.
    private func withNDEF<Value: Sendable>(
        _ detection: Int, _ body: @escaping @Sendable (any NDEFTag) throws(TagFailure) -> Value
    ) async throws(NFCReaderError) -> Value {
        try await withConnected(detection) { connected throws(NFCReaderError) in
            guard let tag = connected.tag.ndef else {
                let family = connected.tag.family
                throw NFCReaderError(.readerErrorUnsupportedFeature, family.ndefRefusal ?? family.name)
            }
            do throws(TagFailure) { return try body(tag) } catch { throw NFCReaderError(error) }
        }
    }

    /// The NDEF status and capacity of the connected tag: `notSupported` for a family whose
    /// NDEF this library does not read.
    func queryNDEFStatus(_ detection: Int) async throws(NFCReaderError) -> (status: NFCNDEFStatus, capacity: Int) {
        let report = try await withConnected(detection) { connected throws(NFCReaderError) -> NDEFStatusReport? in
            guard let tag = connected.tag.ndef else { return nil }
            do throws(TagFailure) { return try tag.ndefStatus() } catch { throw NFCReaderError(error) }
        }
        switch report?.status {
        case nil, .notSupported?: return (.notSupported, 0)
        case .readWrite?: return (.readWrite, report?.capacity ?? 0)
        case .readOnly?: return (.readOnly, report?.capacity ?? 0)
        }
    }

    /// The NDEF message of the connected tag.
    func readNDEF(_ detection: Int) async throws(NFCReaderError) -> NDEFMessage {
        let message = try await withNDEF(detection) { tag throws(TagFailure) in try tag.readNDEFMessage() }
        guard !message.records.isEmpty else {
            throw NFCReaderError(.ndefReaderSessionErrorZeroLengthMessage, "the tag holds no NDEF message (it is empty)")
        }
        return message
    }

    /// Writes `message` to the connected tag.
    func writeNDEF(_ message: NDEFMessage, _ detection: Int) async throws(NFCReaderError) {
        try await withNDEF(detection) { tag throws(TagFailure) in try tag.writeNDEFMessage(message) }
    }

    /// Makes the connected tag read-only.
    func writeLock(_ detection: Int) async throws(NFCReaderError) {
        try await withNDEF(detection) { tag throws(TagFailure) in try tag.writeLock() }
    }

    /// Sends `command` to the connected tag of `detection` and returns its answer.
    ///
    /// - Throws: the exchange's failure, with the Core NFC code that fits it, naming `step`.
    func exchange(_ command: [UInt8], detection: Int, step: String) async throws(NFCReaderError) -> [UInt8] {
        try await withConnected(detection) { connected throws(NFCReaderError) in
            guard command.count <= connected.exchange.maximumCommandLength else {
                throw NFCReaderError(
                    .readerTransceiveErrorPacketTooLong,
                    "\(step): \(command.count) bytes, the reader sends at most \(connected.exchange.maximumCommandLength)")
            }
            do throws(TagExchangeError) { return try connected.exchange.exchange(command) } catch {
                throw NFCReaderError(error, step: step)
            }
        }
    }
}
