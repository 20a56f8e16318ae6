import Basics
import NDEF
import NFCCore
import NFCTags
import Type3
import PN532

/// A FeliCa card (JIS X 6319-4, 212 or 424 kbps), as Core NFC's `NFCFeliCaTag`: its IDm and
/// the system code it answered the reader's polling with, and raw FeliCa commands.
///
/// NDEF (NFC Forum Type 3) is not read: `queryNDEFStatus()` answers `notSupported`.
public final class NFCFeliCaTag: NFCSessionTag, @unchecked Sendable, CustomStringConvertible {
    /// The manufacture ID (IDm, 8 bytes) the card answered the polling with.
    public let currentIDm: [UInt8]
    /// The system code the card answered the polling with (2 bytes; the reader polls every
    /// system code and asks for it). `FF FF` when the card did not give one.
    public let currentSystemCode: [UInt8]
    /// The manufacture parameter (PMm, 8 bytes): byte 1 is the IC type.
    public let manufactureParameter: [UInt8]

    init(target: ListedTarget, felica: NFCFTarget, detection: Int, core: ReaderSessionCore) {
        currentIDm = felica.idm
        currentSystemCode = felica.systemCode.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } ?? [0xFF, 0xFF]
        manufactureParameter = felica.pmm
        super.init(reporting: target, detection: detection, core: core)
    }

    /// `FeliCa <IDm in hex>`.
    public var description: String {
        "FeliCa \(hexText(currentIDm))"
    }

    /// Sends a FeliCa command packet (command code first; the length byte and the CRC are
    /// added here and by the reader) and returns the response packet without its length byte,
    /// as Core NFC's `sendFeliCaCommand(commandPacket:)`.
    ///
    /// - Throws: `readerErrorInvalidParameterLength` for an empty packet or one longer than
    ///   254 bytes, `readerTransceiveErrorTagResponseError` for a response whose length byte
    ///   does not match it, `readerTransceiveErrorTagConnectionLost` when the card did not
    ///   answer, `readerTransceiveErrorTagNotConnected` before `connect(to:)`.
    public func sendFeliCaCommand(commandPacket: [UInt8]) async throws(NFCReaderError) -> [UInt8] {
        try await core.perform(sending(commandPacket))
    }

    /// `sendFeliCaCommand(commandPacket:)` with a completion handler: the response packet
    /// (empty on failure) and nil or the error.
    public func sendFeliCaCommand(commandPacket: [UInt8], completionHandler: @escaping ([UInt8], (any Error)?) -> Void) {
        core.run(sending(commandPacket)) { completionHandler((try? $0.get()) ?? [], $0.failure) }
    }

    /// The job that sends `commandPacket` and takes the response packet out of its frame.
    func sending(_ commandPacket: [UInt8]) -> ReaderJob<[UInt8]> {
        guard let frame = FeliCaResponse.frame(carrying: commandPacket) else {
            return core.failing(NFCReaderError(
                .readerErrorInvalidParameterLength, "a FeliCa command packet has 1 … 254 bytes (it has \(commandPacket.count))"))
        }
        let step = "FeliCa command \(hexText([commandPacket[0]]))"
        return checked(core.exchanging(frame, detection: detection, step: step)) { answer throws(NFCReaderError) in try Self.packet(answer) }
    }

    /// The response packet in a response frame: the bytes after a length byte that counts them
    /// and itself.
    ///
    /// - Throws: `readerTransceiveErrorTagResponseError` when the length byte is missing or
    ///   does not match.
    static func packet(_ frame: [UInt8]) throws(NFCReaderError) -> [UInt8] {
        guard let response = FeliCaResponse(frame: frame) else {
            throw NFCReaderError(
                .readerTransceiveErrorTagResponseError,
                "the FeliCa response's length byte does not match its \(frame.count) byte(s)")
        }
        return response.packet
    }
}
