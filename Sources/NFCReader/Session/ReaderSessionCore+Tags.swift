import NDEF
import NFCCore
import NFCTags
import PN532
import TagProtocols

/// What every tag a session reports does through the session's engine: connect, the NDEF
/// operations (on the activated tag's `NDEFTag`; the other families answer `notSupported`) and
/// raw commands. Each is a job for the reader thread, run with `perform` (async) or `run`
/// (a completion handler).
extension ReaderSessionCore {
    /// Connects to `target` of `detection`: activates it (`ActivatedTag`: a Type 2 tag is
    /// identified by GET_VERSION, the other families are taken as the reader listed them).
    /// The connected tag before is disconnected.
    ///
    /// - Throws: `readerTransceiveErrorTagConnectionLost` when the tag is from an earlier poll
    ///   (or did not answer), what activating the tag throws.
    func connecting(_ target: ListedTarget, detection: Int) -> ReaderJob<Void> {
        { [self] (worker, chip) throws(NFCReaderError) in
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

    /// `body` with the connected tag, when it is the tag of `detection`.
    ///
    /// - Throws: `readerTransceiveErrorTagNotConnected` when another tag (or none) is connected.
    func withConnected<Value: Sendable>(
        _ detection: Int, _ body: @escaping @Sendable (ConnectedTag) throws(NFCReaderError) -> Value
    ) -> ReaderJob<Value> {
        { (worker, _) throws(NFCReaderError) in
            guard let connected = worker.connected, connected.detection == detection else { throw .tagNotConnected }
            return try body(connected)
        }
    }

    /// `body` with the NDEF of the connected tag of `detection`.
    ///
    /// - Throws: `readerErrorUnsupportedFeature` (saying which card it is) for a tag of a
    ///   family whose NDEF is not read, `readerTransceiveErrorTagNotConnected` when it is not
    ///   connected.
    private func withNDEF<Value: Sendable>(
        _ detection: Int, _ body: @escaping @Sendable (any NDEFTag) throws(TagFailure) -> Value
    ) -> ReaderJob<Value> {
        withConnected(detection) { connected throws(NFCReaderError) in
            guard let tag = connected.tag.ndef else {
                let family = connected.tag.family
                throw NFCReaderError(.readerErrorUnsupportedFeature, family.ndefRefusal ?? family.name)
            }
            do throws(TagFailure) { return try body(tag) } catch { throw NFCReaderError(error) }
        }
    }

    /// The NDEF status and capacity of the connected tag: `notSupported` for a family whose
    /// NDEF this library does not read.
    func queryingNDEFStatus(_ detection: Int) -> ReaderJob<NDEFStatusAnswer> {
        withConnected(detection) { connected throws(NFCReaderError) -> NDEFStatusAnswer in
            guard let tag = connected.tag.ndef else { return NDEFStatusAnswer(status: .notSupported, capacity: 0) }
            let report: NDEFStatusReport
            do throws(TagFailure) { report = try tag.ndefStatus() } catch { throw NFCReaderError(error) }
            switch report.status {
            case .notSupported: return NDEFStatusAnswer(status: .notSupported, capacity: 0)
            case .readWrite: return NDEFStatusAnswer(status: .readWrite, capacity: report.capacity)
            case .readOnly: return NDEFStatusAnswer(status: .readOnly, capacity: report.capacity)
            }
        }
    }

    /// The NDEF message of the connected tag.
    ///
    /// - Throws: `ndefReaderSessionErrorZeroLengthMessage` when the tag holds no message.
    func readingNDEF(_ detection: Int) -> ReaderJob<NDEFMessage> {
        checked(withNDEF(detection) { tag throws(TagFailure) in try tag.readNDEFMessage() }) { message throws(NFCReaderError) in
            guard !message.records.isEmpty else {
                throw NFCReaderError(.ndefReaderSessionErrorZeroLengthMessage, "the tag holds no NDEF message (it is empty)")
            }
            return message
        }
    }

    /// Writes `message` to the connected tag.
    func writingNDEF(_ message: NDEFMessage, _ detection: Int) -> ReaderJob<Void> {
        withNDEF(detection) { tag throws(TagFailure) in try tag.writeNDEFMessage(message) }
    }

    /// Makes the connected tag read-only.
    func writeLocking(_ detection: Int) -> ReaderJob<Void> {
        withNDEF(detection) { tag throws(TagFailure) in try tag.writeLock() }
    }

    /// Sends `command` to the connected tag of `detection` and returns its answer.
    ///
    /// - Throws: the exchange's failure, with the Core NFC code that fits it, naming `step`.
    func exchanging(_ command: [UInt8], detection: Int, step: String) -> ReaderJob<[UInt8]> {
        withConnected(detection) { connected throws(NFCReaderError) in
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

    /// A job that fails at once with `error` (an argument refused before anything is sent),
    /// so that a completion handler hears of it as of any other failure.
    func failing<Value: Sendable>(_ error: NFCReaderError) -> ReaderJob<Value> {
        { (_, _) throws(NFCReaderError) in throw error }
    }
}

/// A tag's NDEF status and capacity, as `queryNDEFStatus` answers them.
struct NDEFStatusAnswer: Sendable {
    var status: NFCNDEFStatus
    var capacity: Int
}

/// Checking and decoding a job's answer on the reader thread.
func checked<Value: Sendable, Result: Sendable>(
    _ job: @escaping ReaderJob<Value>, _ transform: @escaping @Sendable (Value) throws(NFCReaderError) -> Result
) -> ReaderJob<Result> {
    { (worker, chip) throws(NFCReaderError) in try transform(try job(worker, chip)) }
}
