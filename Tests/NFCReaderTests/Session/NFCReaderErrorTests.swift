import SystemPackage
import NDEF
import NFCCore
import PN532
import Testing
import Type2
@testable import NFCReader

@Suite struct NFCReaderErrorTests {
    @Test(arguments: [
        (NFCReaderError.Code.readerErrorUnsupportedFeature, 1),
        (.readerErrorInvalidParameter, 3),
        (.readerTransceiveErrorTagConnectionLost, 100),
        (.readerTransceiveErrorTagNotConnected, 104),
        (.readerSessionInvalidationErrorUserCanceled, 200),
        (.readerSessionInvalidationErrorSessionTimeout, 201),
        (.readerSessionInvalidationErrorFirstNDEFTagRead, 204),
        (.ndefReaderSessionErrorTagNotWritable, 400),
        (.ndefReaderSessionErrorTagUpdateFailure, 401),
        (.ndefReaderSessionErrorTagSizeTooSmall, 402),
        (.ndefReaderSessionErrorZeroLengthMessage, 403),
    ])
    func codesHaveCoreNFCsValues(code: NFCReaderError.Code, value: Int) {
        #expect(code.rawValue == value)
    }

    @Test(arguments: [
        (Type2Error.readOnly, NFCReaderError.Code.ndefReaderSessionErrorTagNotWritable),
        (.alreadyLocked, .ndefReaderSessionErrorTagNotWritable),
        (.messageTooLong(length: 200, capacity: 142), .ndefReaderSessionErrorTagSizeTooSmall),
        (.tornWrite(pagesWritten: 3), .ndefReaderSessionErrorTagUpdateFailure),
        (.verificationFailed(page: 5), .ndefReaderSessionErrorTagUpdateFailure),
        (.exchange(.noAnswer, step: "READ page 4"), .readerTransceiveErrorTagConnectionLost),
        (.exchange(.negativeAcknowledgement(0), step: "WRITE page 4"), .readerTransceiveErrorTagResponseError),
        (.exchange(.transport(TransportFailure(.reader, "the reader stopped answering")), step: "READ page 4"), .readerSessionInvalidationErrorSessionTerminatedUnexpectedly),
        (.invalidNDEF(NDEFError(offset: 0, reason: .noNDEFMessageTLV)), .ndefReaderSessionErrorZeroLengthMessage),
        (.wrongPassword, .readerErrorSecurityViolation),
    ])
    func tagErrorsMapToTheirCodeAndKeepTheirCause(error: Type2Error, code: NFCReaderError.Code) {
        let mapped = NFCReaderError(error.tagFailure)
        #expect(mapped.code == code)
        #expect(mapped.message == error.description)
        #expect(mapped.underlyingError as? Type2Error == error)
    }

    @Test func aBusyDeviceIsSystemIsBusyAndOtherReaderFailuresEndTheSession() {
        let busy = PN532Error(.link(LinkError(.busy, device: "/dev/ttyS0", errno: .resourceTemporarilyUnavailable, operation: "lock")), command: nil, device: "/dev/ttyS0")
        #expect(NFCReaderError(busy).code == .readerSessionInvalidationErrorSystemIsBusy)
        let silent = PN532Error(.noAcknowledgement(attempts: 3), command: .getFirmwareVersion, device: "/dev/ttyS0")
        #expect(NFCReaderError(silent).code == .readerSessionInvalidationErrorSessionTerminatedUnexpectedly)
        #expect(NFCReaderError(silent).underlyingError as? PN532Error == silent)
    }
}
