import Testing
@testable import Basics

@Suite("Audit times in ISO 8601")
struct AuditTimeISO8601Tests {
    static func at(_ seconds: Int64, milliseconds: Int64 = 0) -> AuditTime {
        AuditTime(epochSeconds: seconds, nanoseconds: milliseconds * 1_000_000)
    }

    @Test(arguments: [
        (Int64(0), Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_795_332_665, 123, "2026-11-22T07:31:05.123Z"),
        (951_868_799, 999, "2000-02-29T23:59:59.999Z"),
        (1_709_164_800, 0, "2024-02-29T00:00:00.000Z"),
        (4_107_499_200, 1, "2100-02-28T12:00:00.001Z"),
        (4_107_542_400, 0, "2100-03-01T00:00:00.000Z"),
        (-1, 0, "1969-12-31T23:59:59.000Z"),
        (-11_670_912_000, 0, "1600-03-01T00:00:00.000Z"),
        (253_402_300_799, 500, "9999-12-31T23:59:59.500Z"),
    ])
    func formatsUTCWithMilliseconds(seconds: Int64, milliseconds: Int64, text: String) {
        #expect(Self.at(seconds, milliseconds: milliseconds).iso8601 == text)
        #expect(AuditTime(iso8601: text) == Self.at(seconds, milliseconds: milliseconds))
    }

    @Test func beforeTheEpochRoundsTowardsThePast() {
        #expect(AuditTime(epochSeconds: 0, nanoseconds: -1).iso8601 == "1969-12-31T23:59:59.999Z")
        #expect(AuditTime(epochSeconds: 0, nanoseconds: -1_000_000_001).iso8601 == "1969-12-31T23:59:58.999Z")
        #expect(AuditTime(epochSeconds: 0, nanoseconds: -1) == AuditTime(epochSeconds: -1, nanoseconds: 999_999_999))
        #expect(AuditTime(epochSeconds: 5, nanoseconds: 2_500_000_000) == AuditTime(epochSeconds: 7, nanoseconds: 500_000_000))
    }

    @Test func subMillisecondsAreTruncated() {
        #expect(AuditTime(epochSeconds: 0, nanoseconds: 999_999).iso8601 == "1970-01-01T00:00:00.000Z")
        #expect(AuditTime(epochSeconds: 0, nanoseconds: 1_999_999).iso8601 == "1970-01-01T00:00:00.001Z")
    }

    @Test(arguments: [
        ("2026-11-22", Int64(1_795_305_600), Int64(0)),
        ("2026-11-22T07:31", 1_795_332_660, 0),
        ("2026-11-22T07:31Z", 1_795_332_660, 0),
        ("2026-11-22T07:31:05", 1_795_332_665, 0),
        ("2026-11-22T07:31:05Z", 1_795_332_665, 0),
        ("2026-11-22T07:31:05.5Z", 1_795_332_665, 500_000_000),
        ("2026-11-22T07:31:05.123456789Z", 1_795_332_665, 123_456_789),
    ])
    func readsDatesAndTimes(text: String, seconds: Int64, nanoseconds: Int64) {
        #expect(AuditTime(iso8601: text) == AuditTime(epochSeconds: seconds, nanoseconds: nanoseconds))
    }

    @Test(arguments: [
        "", "2026", "2026-11", "2026-1-22", "2026-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31",
        "2026-11-22T24:00", "2026-11-22T07:60", "2026-11-22T07:31:60", "2026-11-22T07", "2026-11-22T07:31:05.",
        "2026-11-22T07:31:05.1234567890Z", "2026-11-22T07:31:05+01:00", "2026-11-22 07:31", "2026-11-22Z",
        "2026-11-22T07:31:05ZZ", "２０２６-11-22",
    ])
    func refusesWhatIsNotAUTCTime(text: String) {
        #expect(AuditTime(iso8601: text) == nil)
    }

    @Test func farYearsDoNotOverflow() {
        #expect(AuditTime(iso8601: "0000-01-01T00:00:00.000Z")?.iso8601 == "0000-01-01T00:00:00.000Z")
        #expect(AuditTime(iso8601: "9999-12-31T23:59:59.999999999Z")?.iso8601 == "9999-12-31T23:59:59.999Z")
    }

    @Test func orderFollowsTime() {
        #expect(AuditTime(epochSeconds: -1, nanoseconds: 999_999_999) < AuditTime(epochSeconds: 0))
        #expect(AuditTime(epochSeconds: 3, nanoseconds: 1) < AuditTime(epochSeconds: 3, nanoseconds: 2))
        #expect(!(AuditTime(epochSeconds: 4) < AuditTime(epochSeconds: 3, nanoseconds: 999_999_999)))
    }

    @Test func leapDaysExistOnlyInLeapYears() {
        #expect(AuditTime(iso8601: "2000-02-29") != nil)
        #expect(AuditTime(iso8601: "2024-02-29") != nil)
        #expect(AuditTime(iso8601: "1900-02-29") == nil)
        #expect(AuditTime(iso8601: "2023-02-29") == nil)
    }
}
