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

    /// Makes the tag the connected one of its session (a Type 2 tag is identified then);
    /// called by the session's `connect(to:)`.
    func connect() async throws(NFCReaderError) {
        try await core.connect(target, detection: detection)
    }

    public func queryNDEFStatus() async throws(NFCReaderError) -> (status: NFCNDEFStatus, capacity: Int) {
        try await core.queryNDEFStatus(detection)
    }

    public func readNDEF() async throws(NFCReaderError) -> NDEFMessage {
        try await core.readNDEF(detection)
    }

    public func writeNDEF(_ message: NDEFMessage) async throws(NFCReaderError) {
        try await core.writeNDEF(message, detection)
    }

    public func writeLock() async throws(NFCReaderError) {
        try await core.writeLock(detection)
    }
}
