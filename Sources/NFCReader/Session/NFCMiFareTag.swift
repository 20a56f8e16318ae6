import Basics
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
public final class NFCMiFareTag: NFCSessionTag, @unchecked Sendable, CustomStringConvertible {
    /// The UID (4, 7 or 10 bytes).
    public let identifier: [UInt8]
    /// ATQA (SENS_RES), first byte most significant.
    public let atqa: UInt16
    /// SAK (SEL_RES).
    public let sak: UInt8
    /// The family, from ATQA and SAK.
    public let mifareFamily: NFCMiFareFamily

    init(target: ListedTarget, typeA: NFCATarget, detection: Int, core: ReaderSessionCore) {
        identifier = typeA.uid
        atqa = typeA.atqa
        sak = typeA.sak
        mifareFamily = NFCMiFareFamily(CardFamily(info: target.info))
        super.init(reporting: target, detection: detection, core: core)
    }

    /// `MIFARE <family> <UID in hex>`.
    public var description: String {
        "MIFARE \(mifareFamily) \(hexText(identifier))"
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
