import TestSupport
import Testing
@testable import PN532

@Suite("GetFirmwareVersion reply")
struct FirmwareVersionTests {
    @Test func capturedReplyIsAPN532Version1Point6() throws {
        let version = try FirmwareVersion(payload: hex("03 32 01 06 07"))
        #expect(version.isPN532)
        #expect(version.ic == 0x32 && version.version == 1 && version.revision == 6)
        #expect(version.support == [.iso14443TypeA, .iso14443TypeB, .iso18092])
        #expect(version.payload == hex("03 32 01 06 07"))
        #expect(version.description == "PN532 firmware 1.6 (ISO 14443-A, ISO 14443-B, ISO 18092)")
    }

    @Test func otherICIsNotAPN532() throws {
        let version = try FirmwareVersion(payload: hex("03 33 02 07 03"))
        #expect(!version.isPN532)
        #expect(version.support == [.iso14443TypeA, .iso14443TypeB])
    }

    @Test func wrongResponseCodeIsRejected() {
        #expect(throws: ReplyError(command: .getFirmwareVersion, payload: hex("05 32 01 06 07"),
                                   reason: .wrongResponseCode(0x05))) {
            try FirmwareVersion(payload: hex("05 32 01 06 07"))
        }
    }

    @Test func trailingByteIsInconsistent() {
        #expect(throws: ReplyError(command: .getFirmwareVersion, payload: hex("03 32 01 06 07 00"),
                                   reason: .inconsistentLength(expected: 5))) {
            try FirmwareVersion(payload: hex("03 32 01 06 07 00"))
        }
    }
}
