import Basics
import Testing

@Suite("The one wall clock's other UTC texts")
struct AuditTimeTextTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00Z", "1970-01-01 00:00:00 UTC"),
        (1_795_000_000, "2026-11-18T11:06:40Z", "2026-11-18 11:06:40 UTC"),
        (951_868_799, "2000-02-29T23:59:59Z", "2000-02-29 23:59:59 UTC"),
        (4_294_967_295, "2106-02-07T06:28:15Z", "2106-02-07 06:28:15 UTC"),
    ])
    func toTheSecond(seconds: Int64, iso8601: String, readable: String) {
        let time = AuditTime(epochSeconds: seconds, nanoseconds: 999_000_000)
        #expect(time.iso8601Seconds == iso8601)
        #expect(time.readableUTC == readable)
    }
}
