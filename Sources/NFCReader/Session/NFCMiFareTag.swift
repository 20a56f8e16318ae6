import NDEF
import NFCCore
import PN532
import Type2

/// The MIFARE family of a tag, as Core NFC's `NFCMiFareFamily` (same raw values).
public enum NFCMiFareFamily: Int, Hashable, Sendable {
    /// A family this library does not name.
    case unknown = 1
    /// MIFARE Ultralight and NTAG (NFC Forum Type 2).
    case ultralight = 2
    /// MIFARE Plus.
    case plus = 3
    /// MIFARE DESFire.
    case desfire = 4
}

/// An ISO 14443-A tag of the MIFARE family, as Core NFC's `NFCMiFareTag`: NTAG and MIFARE
/// Ultralight (NFC Forum Type 2) read and write NDEF; other cards report `notSupported`.
public final class NFCMiFareTag: NFCNDEFTag, Sendable, CustomStringConvertible {
    /// The UID (4, 7 or 10 bytes).
    public let identifier: [UInt8]
    /// ATQA (SENS_RES), first byte most significant.
    public let atqa: UInt16
    /// SAK (SEL_RES).
    public let sak: UInt8
    /// The family, from SAK.
    public let mifareFamily: NFCMiFareFamily
    /// The target as InListPassiveTarget reported it.
    let target: PassiveTarget
    /// The detection this tag came from (tags of an earlier poll cannot be connected).
    let detection: Int
    let core: ReaderSessionCore

    init(target: PassiveTarget, detection: Int, core: ReaderSessionCore) {
        self.target = target
        self.detection = detection
        self.core = core
        identifier = target.uid
        atqa = target.atqa
        sak = target.sak
        mifareFamily = target.sak == 0x00 ? .ultralight : .unknown
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
        let target = target, detection = detection, core = core
        try await core.perform { (worker, chip) throws(NFCReaderError) in
            guard detection == core.latestDetection else {
                throw NFCReaderError(.readerTransceiveErrorTagConnectionLost, "the tag is from an earlier poll: connect to one the latest detection reported")
            }
            do throws(Type2Error) {
                let tag = try Type2Tag.identify(TargetExchange(session: chip, target: target))
                worker.connected = (detection, tag)
                core.connectedDetection = detection
            } catch {
                throw NFCReaderError(error)
            }
        }
    }

    /// Runs `body` with the tag layer of this tag, when it is the connected one.
    private func withTag<Value: Sendable>(
        _ body: @escaping @Sendable (Type2Tag) throws(Type2Error) -> Value
    ) async throws(NFCReaderError) -> Value {
        let detection = detection
        return try await core.perform { (worker, _) throws(NFCReaderError) in
            guard let connected = worker.connected, connected.number == detection else { throw .tagNotConnected }
            do throws(Type2Error) { return try body(connected.tag) } catch { throw NFCReaderError(error) }
        }
    }

    public func queryNDEFStatus() async throws(NFCReaderError) -> (status: NFCNDEFStatus, capacity: Int) {
        let report = try await withTag { tag throws(Type2Error) in try tag.queryNDEFStatus() }
        switch report.status {
        case .notSupported: return (.notSupported, 0)
        case .readWrite: return (.readWrite, report.capacity)
        case .readOnly: return (.readOnly, report.capacity)
        }
    }

    public func readNDEF() async throws(NFCReaderError) -> NDEFMessage {
        let message = try await withTag { tag throws(Type2Error) in try tag.readNDEF() }
        guard !message.records.isEmpty else {
            throw NFCReaderError(.ndefReaderSessionErrorZeroLengthMessage, "the tag holds no NDEF message (it is empty)")
        }
        return message
    }

    public func writeNDEF(_ message: NDEFMessage) async throws(NFCReaderError) {
        _ = try await withTag { tag throws(Type2Error) in try tag.writeNDEF(message) }
    }

    public func writeLock() async throws(NFCReaderError) {
        _ = try await withTag { tag throws(Type2Error) in try tag.lock() }
    }

    /// Sends a raw tag command (without CRC) and returns the answer, as Core NFC's
    /// `sendMiFareCommand`.
    public func sendMiFareCommand(_ command: [UInt8]) async throws(NFCReaderError) -> [UInt8] {
        guard !command.isEmpty else {
            throw NFCReaderError(.readerErrorInvalidParameterLength, "a MIFARE command has at least one byte")
        }
        let detection = detection
        return try await core.perform { (worker, _) throws(NFCReaderError) in
            guard let connected = worker.connected, connected.number == detection else { throw .tagNotConnected }
            do throws(TagExchangeError) { return try connected.tag.exchange.exchange(command) } catch {
                throw NFCReaderError(error, step: "command \(hexText(command))")
            }
        }
    }
}
