import TestSupport
import Testing
@testable import PN532

@Suite("Every reply parser on truncated, mislabelled and random payloads")
struct ReplyTruncationTests {
    /// A good payload and the parser that reads it, returning what it re-encodes to.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var payload: [UInt8]
        /// Prefixes at least this long are complete replies (the data runs to the end).
        var completeFrom: Int
        /// False when parsing normalises a byte, so that re-encoding may differ.
        var lossless: Bool
        var parse: @Sendable ([UInt8]) throws(ReplyError) -> [UInt8]
        var testDescription: String { name }

        init(_ name: String, _ payload: String, completeFrom: Int? = nil, lossless: Bool = true,
             parse: @escaping @Sendable ([UInt8]) throws(ReplyError) -> [UInt8]) {
            self.name = name
            self.payload = hex(payload)
            self.completeFrom = completeFrom ?? self.payload.count
            self.lossless = lossless
            self.parse = parse
        }
    }

    static let cases: [Case] = [
        Case("firmware version", "03 32 01 06 07") { payload throws(ReplyError) in
            try FirmwareVersion(payload: payload).payload
        },
        // The field byte reads as a Bool, so a field byte other than 00 or 01 re-encodes as 01.
        Case("general status", "05 01 01 02 01 00 00 00 02 02 02 10 00", lossless: false) {
            payload throws(ReplyError) in try GeneralStatus(payload: payload).payload
        },
        Case("diagnose ROM", "01 00") { payload throws(ReplyError) in
            try DiagnoseResult(payload: payload, test: .rom).payload
        },
        Case("diagnose line", "01 00 6C 69 62 6E 66 63", completeFrom: 2) { payload throws(ReplyError) in
            try DiagnoseResult(payload: payload, test: .communicationLine).payload
        },
        Case("registers", "07 07 07 15") { payload throws(ReplyError) in
            try RegisterValues(payload: payload, count: 3).payload
        },
        Case("no target", "4B 00") { payload throws(ReplyError) in
            try TargetList(payload: payload, modulation: .typeA106).payload
        },
        Case("NTAG215", "4B 01 01 00 44 00 07 04 C9 10 AA 84 49 80") { payload throws(ReplyError) in
            try TargetList(payload: payload, modulation: .typeA106).payload
        },
        Case("ISO-DEP with ATS", "4B 01 01 03 44 20 07 04 11 22 33 44 55 66 06 75 77 81 02 80") {
            payload throws(ReplyError) in try TargetList(payload: payload, modulation: .typeA106).payload
        },
        Case("two targets", "4B 02 01 03 44 20 04 01 02 03 04 03 78 80 02 00 04 08 04 DE AD BE EF") {
            payload throws(ReplyError) in try TargetList(payload: payload, modulation: .typeA106).payload
        },
        Case("data exchange", "41 00 01 02 03 04", completeFrom: 2) { payload throws(ReplyError) in
            try ExchangeReply(payload: payload, command: .inDataExchange).payload
        },
        Case("communicate thru", "43 01", completeFrom: 2) { payload throws(ReplyError) in
            try ExchangeReply(payload: payload, command: .inCommunicateThru).payload
        },
        Case("status", "53 00") { payload throws(ReplyError) in
            try StatusReply(payload: payload, command: .inRelease).payload
        },
        Case("empty", "15") { payload throws(ReplyError) in
            try EmptyReply(payload: payload, command: .samConfiguration).payload
        },
        Case("auto poll", "61 02 10 03 01 02 03 20 01 09") { payload throws(ReplyError) in
            try AutoPollResult(payload: payload).payload
        },
    ]

    @Test(arguments: cases)
    func wholePayloadRoundTrips(_ testCase: Case) throws {
        #expect(try testCase.parse(testCase.payload) == testCase.payload)
    }

    @Test(arguments: cases)
    func everyTruncationIsATypedErrorUnlessComplete(_ testCase: Case) {
        for length in 0..<testCase.payload.count {
            let prefix = Array(testCase.payload.prefix(length))
            do {
                let reencoded = try testCase.parse(prefix)
                #expect(length >= testCase.completeFrom, "length \(length) parsed")
                #expect(reencoded == prefix)
            } catch {
                #expect(length < testCase.completeFrom, "length \(length): \(error)")
                #expect(error.payload == prefix)
            }
        }
    }

    @Test(arguments: cases)
    func wrongResponseCodeIsNamed(_ testCase: Case) {
        var payload = testCase.payload
        payload[0] &+= 2
        do {
            _ = try testCase.parse(payload)
            Issue.record("a payload with response code \(payload[0]) parsed")
        } catch {
            #expect(error.reason == .wrongResponseCode(payload[0]))
        }
    }

    @Test(arguments: cases)
    func randomPayloadsParseOrThrowATypedError(_ testCase: Case) {
        var random = SeededGenerator(seed: 0xFEED)
        for round in 0..<3000 {
            // Change a few bytes of the good payload, or put noise behind its response code.
            var payload = testCase.payload
            if round % 2 == 0 {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let index = Int.random(in: 0..<payload.count, using: &random)
                    payload[index] = UInt8.random(in: 0...255, using: &random)
                }
            } else {
                payload = [testCase.payload[0]] + random.bytes(Int.random(in: 0...30, using: &random))
            }
            do {
                let reencoded = try testCase.parse(payload)
                #expect(reencoded == payload || !testCase.lossless, "\(payload)")
            } catch {
                #expect(error.payload == payload)
            }
        }
    }
}
