import NDEF
import PN532

/// What every tag a session reports shares: the session that reported it, the detection it
/// came from, connecting, and the NDEF operations, which the session runs on its reader thread
/// on the connected tag. `NFCMiFareTag`, `NFCISO7816Tag` and `NFCFeliCaTag` add their own
/// identifiers and raw commands.
public class NFCSessionTag: NFCNDEFTag, @unchecked Sendable {
    /// The target as InListPassiveTarget reported it.
    let target: ListedTarget
    /// The detection this tag came from (tags of an earlier poll cannot be connected).
    let detection: Int
    /// The session engine that reported the tag.
    let core: ReaderSessionCore

    init(reporting target: ListedTarget, detection: Int, core: ReaderSessionCore) {
        self.target = target
        self.detection = detection
        self.core = core
    }

    public var isAvailable: Bool {
        core.isReady && core.connectedDetection == detection
    }

    /// The job that makes the tag the connected one of its session (a Type 2 tag is identified
    /// then); run by the session's `connect(to:)`.
    var connecting: ReaderJob<Void> {
        core.connecting(target, detection: detection)
    }

    public func queryNDEFStatus() async throws(NFCReaderError) -> (status: NFCNDEFStatus, capacity: Int) {
        let answer = try await core.perform(core.queryingNDEFStatus(detection))
        return (answer.status, answer.capacity)
    }

    public func queryNDEFStatus(completionHandler: @escaping (NFCNDEFStatus, Int, (any Error)?) -> Void) {
        core.run(core.queryingNDEFStatus(detection)) { result in
            switch result {
            case .success(let answer): completionHandler(answer.status, answer.capacity, nil)
            case .failure(let error): completionHandler(.notSupported, 0, error)
            }
        }
    }

    public func readNDEF() async throws(NFCReaderError) -> NFCNDEFMessage {
        try await core.perform(core.readingNDEF(detection))
    }

    public func readNDEF(completionHandler: @escaping (NFCNDEFMessage?, (any Error)?) -> Void) {
        core.run(core.readingNDEF(detection)) { completionHandler(try? $0.get(), $0.failure) }
    }

    public func writeNDEF(_ message: NFCNDEFMessage) async throws(NFCReaderError) {
        try await core.perform(core.writingNDEF(message, detection))
    }

    public func writeNDEF(_ message: NFCNDEFMessage, completionHandler: @escaping ((any Error)?) -> Void) {
        core.run(core.writingNDEF(message, detection)) { completionHandler($0.failure) }
    }

    public func writeLock() async throws(NFCReaderError) {
        try await core.perform(core.writeLocking(detection))
    }

    public func writeLock(completionHandler: @escaping ((any Error)?) -> Void) {
        core.run(core.writeLocking(detection)) { completionHandler($0.failure) }
    }
}

extension Result {
    /// The error of a failure; nil for a success (a completion handler's `Error?`).
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
