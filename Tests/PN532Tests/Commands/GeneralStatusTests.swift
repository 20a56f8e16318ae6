import TestSupport
import Testing
@testable import PN532

@Suite("GetGeneralStatus reply")
struct GeneralStatusTests {
    @Test func idleStatusHasNoTargets() throws {
        let status = try GeneralStatus(payload: hex("05 00 00 00 01"))
        #expect(status.lastError.isSuccess)
        #expect(!status.externalFieldPresent)
        #expect(status.targets.isEmpty)
        #expect(status.samStatus == 0x01)
    }

    @Test func twoTargetsAreRead() throws {
        let payload = hex("05 01 01 02 01 00 00 00 02 02 02 10 00")
        let status = try GeneralStatus(payload: payload)
        #expect(status.lastError.errorCode == .timeout)
        #expect(status.externalFieldPresent)
        #expect(status.targets == [
            GeneralStatus.Target(number: 1, receiveBitRate: .kbps106, transmitBitRate: .kbps106,
                                 modulationType: 0x00),
            GeneralStatus.Target(number: 2, receiveBitRate: .kbps424, transmitBitRate: .kbps424,
                                 modulationType: 0x10),
        ])
        #expect(status.targets[1].receiveBitRate.kilobitsPerSecond == 424)
        #expect(status.payload == payload)
    }

    @Test func moreThanTwoTargetsIsUnexpected() {
        let payload = hex("05 00 00 03")
        #expect(throws: ReplyError(command: .getGeneralStatus, payload: payload,
                                   reason: .unexpectedValue(field: "number of targets", value: 3))) {
            try GeneralStatus(payload: payload)
        }
    }

    @Test func missingSAMStatusIsTooShort() {
        let payload = hex("05 00 00 01 01 00 00 00")
        #expect(throws: ReplyError(command: .getGeneralStatus, payload: payload,
                                   reason: .tooShort(field: "SAM status", needed: 1, available: 0))) {
            try GeneralStatus(payload: payload)
        }
    }
}
