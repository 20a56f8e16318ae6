import Basics
import ISO7816
import NDEF
import NFCCore
import NFCTags
import PN532

/// An ISO-DEP card (ISO/IEC 14443-4, type A with an ATS or type B), as Core NFC's
/// `NFCISO7816Tag`: a DESFire, an NTAG 424 DNA, a bank or ID card, a phone. APDUs go through
/// InDataExchange, where the PN532 runs the block protocol.
///
/// Unlike Core NFC no application is selected first (there is no list of application
/// identifiers to try): the app sends its own SELECT. Core NFC reports a DESFire as a
/// `NFCMiFareTag`; here every ISO-DEP card is an `NFCISO7816Tag`. NDEF (NFC Forum Type 4)
/// is not read: `queryNDEFStatus()` answers `notSupported`.
public final class NFCISO7816Tag: NFCSessionTag, @unchecked Sendable, CustomStringConvertible {
    /// The UID (type A) or the PUPI (type B).
    public let identifier: [UInt8]
    /// The historical bytes of a type A card's ATS; nil for type B.
    public let historicalBytes: [UInt8]?
    /// The application data of a type B card's ATQB (4 bytes); nil for type A.
    public let applicationData: [UInt8]?

    /// The tag for an ISO-DEP `target`; nil when it is not one (a type A target without an
    /// ATS, a FeliCa or Jewel target).
    init?(target: ListedTarget, detection: Int, core: ReaderSessionCore) {
        switch target.info {
        case let .nfcA(typeA):
            guard typeA.supportsISODEP, let ats = typeA.ats else { return nil }
            historicalBytes = ats.historicalBytes
            applicationData = nil
        case let .nfcB(typeB):
            historicalBytes = nil
            applicationData = typeB.applicationData
        case .nfcF, .jewel:
            return nil
        }
        identifier = target.info.identifier
        super.init(reporting: target, detection: detection, core: core)
    }

    /// `ISO 7816 <NFC-A|NFC-B> <identifier in hex>`.
    public var description: String {
        "ISO 7816 \(target.info.technology) \(hexText(identifier))"
    }

    /// Sends `apdu` and returns the card's answer: its data and the status word.
    ///
    /// - Throws: `readerErrorInvalidParameterLength` for an APDU without a short form,
    ///   `readerTransceiveErrorPacketTooLong` when it does not fit the reader's frame,
    ///   `readerTransceiveErrorTagResponseError` for an answer shorter than a status word,
    ///   `readerTransceiveErrorTagConnectionLost` when the card did not answer,
    ///   `readerTransceiveErrorTagNotConnected` before `connect(to:)`.
    public func sendCommand(apdu: NFCISO7816APDU) async throws(NFCReaderError) -> (responseData: [UInt8], sw1: UInt8, sw2: UInt8) {
        let answer = try await core.perform(sending(apdu))
        return (answer.data, answer.sw1, answer.sw2)
    }

    /// `sendCommand(apdu:)` with a completion handler: the data, SW1, SW2 (empty and 0 on
    /// failure) and nil or the error.
    public func sendCommand(apdu: NFCISO7816APDU, completionHandler: @escaping ([UInt8], UInt8, UInt8, (any Error)?) -> Void) {
        core.run(sending(apdu)) { result in
            switch result {
            case .success(let answer): completionHandler(answer.data, answer.sw1, answer.sw2, nil)
            case .failure(let error): completionHandler([], 0, 0, error)
            }
        }
    }

    /// The job that sends `apdu` and splits the answer.
    private func sending(_ apdu: NFCISO7816APDU) -> ReaderJob<(data: [UInt8], sw1: UInt8, sw2: UInt8)> {
        guard let command = apdu.bytes else {
            return core.failing(NFCReaderError(
                .readerErrorInvalidParameterLength,
                "the APDU has no short form: at most 255 data bytes, and an expected length of 1 … 256 or -1"))
        }
        return checked(core.exchanging(command, detection: detection, step: "APDU \(hexText(Array(command.prefix(4))))")) { answer throws(NFCReaderError) in
            let response = try Self.response(answer)
            return (response.responseData, response.sw1, response.sw2)
        }
    }

    /// The data and status word of a response APDU.
    ///
    /// - Throws: `readerTransceiveErrorTagResponseError` for fewer than two bytes.
    static func response(_ answer: [UInt8]) throws(NFCReaderError) -> (responseData: [UInt8], sw1: UInt8, sw2: UInt8) {
        guard let response = try? ResponseAPDU(bytes: answer) else {
            throw NFCReaderError(.readerTransceiveErrorTagResponseError, "the card answered \(answer.count) byte(s): a response APDU ends with a 2-byte status word")
        }
        return (response.data, response.status.sw1, response.status.sw2)
    }
}
