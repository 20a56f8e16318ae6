import DoorControl
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Local time from the wall clock")
struct LocalTimeClockTests {
    @Test func fixedOffsetsGiveTheDayWeekdayAndMinute() {
        #expect(LocalTime(epochSeconds: 0, utcOffset: 0) == LocalTime(date: CivilDate(year: 1970, month: 1, day: 1), weekday: .thursday, minute: 0, epochSeconds: 0))
        let newYear2026: Int64 = 1_767_225_600
        #expect(LocalTime(epochSeconds: newYear2026, utcOffset: 0) == LocalTime(date: CivilDate(year: 2026, month: 1, day: 1), weekday: .thursday, minute: 0, epochSeconds: newYear2026))
        #expect(LocalTime(epochSeconds: newYear2026, utcOffset: -3600) == LocalTime(date: CivilDate(year: 2025, month: 12, day: 31), weekday: .wednesday, minute: 1380, epochSeconds: newYear2026))
        #expect(LocalTime(epochSeconds: newYear2026 + 30 * 60, utcOffset: 5 * 3600 + 30 * 60) == LocalTime(date: CivilDate(year: 2026, month: 1, day: 1), weekday: .thursday, minute: 360, epochSeconds: newYear2026 + 30 * 60))
        let march1: Int64 = newYear2026 + (31 + 28) * 86_400
        #expect(LocalTime(epochSeconds: march1, utcOffset: 0).weekday == .sunday)
        #expect(LocalTime(epochSeconds: march1 + 86_399, utcOffset: 0) == LocalTime(date: CivilDate(year: 2026, month: 3, day: 1), weekday: .sunday, minute: 1439, epochSeconds: march1 + 86_399))
        #expect(LocalTime(epochSeconds: march1 + 86_400, utcOffset: 0).weekday == .monday)
    }

    @Test func theProcessTimeZoneAgreesWithItsOwnOffset() {
        for epoch: Int64 in [0, 1_767_225_600, 1_774_828_800, 1_792_972_800] {
            var seconds = time_t(epoch)
            var fields = tm()
            localtime_r(&seconds, &fields)
            #expect(LocalTime(epochSeconds: epoch) == LocalTime(epochSeconds: epoch, utcOffset: Int(fields.tm_gmtoff)))
        }
    }
}
