import Testing
@testable import PN532

@Suite("Status byte and error codes")
struct PN532StatusTests {
    /// Every error code of the user manual, with the case it maps to.
    static let codes: [(UInt8, PN532ErrorCode)] = [
        (0x01, .timeout), (0x02, .crc), (0x03, .parity), (0x04, .bitCount),
        (0x05, .mifareFraming), (0x06, .abnormalBitCollision), (0x07, .bufferTooSmall),
        (0x09, .rfBufferOverflow), (0x0A, .rfFieldNotSwitchedOn), (0x0B, .rfProtocol),
        (0x0D, .overheating), (0x0E, .internalBufferOverflow), (0x10, .invalidParameter),
        (0x12, .depUnsupportedCommand), (0x13, .invalidReceivedFrame),
        (0x14, .mifareAuthentication), (0x18, .nfcSecureUnsupported),
        (0x23, .wrongUIDCheckByte), (0x25, .invalidDEPState), (0x26, .operationNotAllowed),
        (0x27, .commandNotAcceptable), (0x29, .targetReleased), (0x2A, .cardIDMismatch),
        (0x2B, .cardDisappeared), (0x2C, .nfcid3Mismatch), (0x2D, .overCurrent),
        (0x2E, .nadMissing),
    ]

    @Test(arguments: codes)
    func codeMapsToItsCaseAndBack(_ code: UInt8, _ error: PN532ErrorCode) {
        #expect(PN532ErrorCode(code: code) == error)
        #expect(error.code == code)
        #expect(PN532Status(rawValue: code).errorCode == error)
        #expect(PN532Status(rawValue: code | 0xC0).errorCode == error)
    }

    @Test func descriptionsAreDistinct() {
        let descriptions = Self.codes.map(\.1.description)
        #expect(Set(descriptions).count == Self.codes.count)
        #expect(PN532ErrorCode.timeout.description == "target did not answer (timeout)")
        #expect(PN532ErrorCode.crc.description == "CRC error")
    }

    @Test func undefinedCodesAreKeptRaw() {
        for code in UInt8(1)...0x3F where !Self.codes.contains(where: { $0.0 == code }) {
            #expect(PN532ErrorCode(code: code) == .unknown(code))
            #expect(PN532ErrorCode(code: code)?.code == code)
        }
        #expect(PN532ErrorCode.unknown(0x3E).description == "unknown error 0x3E")
    }

    @Test func zeroIsSuccess() {
        #expect(PN532ErrorCode(code: 0) == nil)
        #expect(PN532Status.success.isSuccess)
        #expect(PN532Status.success.errorCode == nil)
        #expect(PN532Status.success.description == "success (status 0x00)")
    }

    @Test func flagsAreBitsSixAndSeven() {
        let chained = PN532Status(rawValue: 0x40)
        #expect(chained.isSuccess && chained.moreInformation && !chained.nadPresent)
        let withNAD = PN532Status(rawValue: 0x81)
        #expect(!withNAD.isSuccess && withNAD.nadPresent && !withNAD.moreInformation)
        #expect(withNAD.errorCode == .timeout)
        #expect(withNAD.rawValue == 0x81)
        #expect(PN532Status(rawValue: 0xC1).description
            == "target did not answer (timeout) (status 0xC1, more information, NAD present)")
    }
}
