import TestSupport
import Testing
@testable import PN532

@Suite("InAutoPoll reply")
struct AutoPollResultTests {
    @Test func nothingFound() throws {
        #expect(try AutoPollResult(payload: hex("61 00")).targets.isEmpty)
    }

    @Test func targetDataIsSplitByItsLength() throws {
        let ntag = hex("01 00 44 00 07 04 C9 10 AA 84 49 80")
        let payload = hex("61 02 10 0C") + ntag + hex("20 03 01 02 03")
        let result = try AutoPollResult(payload: payload)
        #expect(result.targets == [
            AutoPollResult.Target(type: .mifare, data: ntag),
            AutoPollResult.Target(type: .iso14443Part4TypeA, data: hex("01 02 03")),
        ])
        #expect(result.payload == payload)
    }

    @Test func lengthPastTheEndIsTooShort() {
        #expect(throws: ReplyError(command: .inAutoPoll, payload: hex("61 01 10 05 01 02"),
                                   reason: .tooShort(field: "target data", needed: 5, available: 2))) {
            try AutoPollResult(payload: hex("61 01 10 05 01 02"))
        }
    }
}
