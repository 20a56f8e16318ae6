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

    /// The historical bytes of an ISO-DEP MIFARE card, as Core NFC's; always nil here, where
    /// every ISO-DEP card (a DESFire, a Plus in SL3) is an `NFCISO7816Tag`.
    public var historicalBytes: [UInt8]? { nil }

    /// Sends a native command (command code first, without CRC: the reader adds and checks
    /// it) and returns the tag's answer, as Core NFC's `sendMiFareCommand(commandPacket:)`:
    /// `[0x30, 4]` (READ page 4) answers the 16 bytes of pages 4 to 7.
    ///
    /// - Throws: `readerErrorInvalidParameterLength` for an empty packet,
    ///   `readerTransceiveErrorPacketTooLong` when it does not fit the reader's frame,
    ///   `readerTransceiveErrorTagResponseError` for a NAK, `…TagConnectionLost` when the tag
    ///   did not answer, `…TagNotConnected` before `connect(to:)`.
    public func sendMiFareCommand(commandPacket: [UInt8]) async throws(NFCReaderError) -> [UInt8] {
        try await core.perform(sending(commandPacket))
    }

    /// `sendMiFareCommand(commandPacket:)` with a completion handler: the answer (empty on
    /// failure) and nil or the error.
    public func sendMiFareCommand(commandPacket: [UInt8], completionHandler: @escaping ([UInt8], (any Error)?) -> Void) {
        core.run(sending(commandPacket)) { completionHandler((try? $0.get()) ?? [], $0.failure) }
    }

    /// Core NFC's `sendMiFareISO7816Command(_:)`, for the MIFARE cards that speak ISO-DEP. Here
    /// those are reported as `NFCISO7816Tag`s (use its `sendCommand(apdu:)`), so a `NFCMiFareTag`
    /// never does: this fails with `readerErrorUnsupportedFeature` and sends nothing.
    public func sendMiFareISO7816Command(_ apdu: NFCISO7816APDU) async throws(NFCReaderError) -> (responseData: [UInt8], sw1: UInt8, sw2: UInt8) {
        throw notISO7816
    }

    /// `sendMiFareISO7816Command(_:)` with a completion handler (called with the error where
    /// the session calls the app).
    public func sendMiFareISO7816Command(_ apdu: NFCISO7816APDU, completionHandler: @escaping ([UInt8], UInt8, UInt8, (any Error)?) -> Void) {
        core.run(core.failing(notISO7816) as ReaderJob<Void>) { completionHandler([], 0, 0, $0.failure) }
    }

    /// Why a MIFARE tag here takes no APDU.
    private var notISO7816: NFCReaderError {
        NFCReaderError(
            .readerErrorUnsupportedFeature,
            "this \(self) does not speak ISO-DEP: a MIFARE card that does (DESFire, Plus) is reported as .iso7816; send APDUs with its sendCommand(apdu:)")
    }

    /// The job that sends `command` to the tag.
    private func sending(_ command: [UInt8]) -> ReaderJob<[UInt8]> {
        guard !command.isEmpty else {
            return core.failing(NFCReaderError(.readerErrorInvalidParameterLength, "a MIFARE command has at least one byte"))
        }
        return core.exchanging(command, detection: detection, step: "command \(hexText(Array(command.prefix(8))))")
    }
}
