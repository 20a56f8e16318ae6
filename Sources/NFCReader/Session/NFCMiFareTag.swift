import NDEF
import NFCCore
import NFCTags
import PN532

/// The MIFARE family of a tag, as Core NFC's `NFCMiFareFamily` (same raw values).
public enum NFCMiFareFamily: Int, Hashable, Sendable {
    /// A family this library does not name (MIFARE Classic among them, as in Core NFC).
    case unknown = 1
    /// MIFARE Ultralight and NTAG (NFC Forum Type 2).
    case ultralight = 2
    /// MIFARE Plus.
    case plus = 3
    /// MIFARE DESFire.
    case desfire = 4

    /// The MIFARE family of a card family.
    init(_ family: CardFamily) {
        switch family {
        case .type2: self = .ultralight
        case .mifarePlus: self = .plus
        case .desfire, .desfireLight: self = .desfire
        default: self = .unknown
        }
    }
}

/// An ISO 14443-A tag that does not speak ISO-DEP, as Core NFC's `NFCMiFareTag`: NTAG and
/// MIFARE Ultralight (NFC Forum Type 2) read and write NDEF; MIFARE Classic and Plus report
/// `notSupported` and take raw commands (`sendMiFareCommand`). ISO-DEP cards (a DESFire
/// among them) are `NFCISO7816Tag`s here.
public final class NFCMiFareTag: NFCNDEFTag, Sendable, CustomStringConvertible {
    /// The UID (4, 7 or 10 bytes).
    public let identifier: [UInt8]
    /// ATQA (SENS_RES), first byte most significant.
    public let atqa: UInt16
    /// SAK (SEL_RES).
    public let sak: UInt8
    /// The family, from ATQA and SAK.
    public let mifareFamily: NFCMiFareFamily
    /// The target as InListPassiveTarget reported it.
    let target: ListedTarget
    /// The detection this tag came from (tags of an earlier poll cannot be connected).
    let detection: Int
    let core: ReaderSessionCore

    init(target: ListedTarget, typeA: NFCATarget, detection: Int, core: ReaderSessionCore) {
        self.target = target
        self.detection = detection
        self.core = core
        identifier = typeA.uid
        atqa = typeA.atqa
        sak = typeA.sak
        mifareFamily = NFCMiFareFamily(CardFamily(info: target.info))
    }

    /// `MIFARE <family> <UID in hex>`.
    public var description: String {
        "MIFARE \(mifareFamily) \(hexText(identifier))"
    }

    public var isAvailable: Bool {
        core.isReady && core.connectedDetection == detection
    }

    /// Selects the tag and identifies its product; called by the session's `connect(to:)`.
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

    /// Sends a raw tag command (without CRC) and returns the answer, as Core NFC's
    /// `sendMiFareCommand`.
    public func sendMiFareCommand(_ command: [UInt8]) async throws(NFCReaderError) -> [UInt8] {
        guard !command.isEmpty else {
            throw NFCReaderError(.readerErrorInvalidParameterLength, "a MIFARE command has at least one byte")
        }
        return try await core.exchange(command, detection: detection, step: "command \(hexText(command))")
    }
}
