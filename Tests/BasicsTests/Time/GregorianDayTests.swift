import Testing
@testable import Basics

@Suite("Gregorian day arithmetic")
struct GregorianDayTests {
    @Test func epochIsDayZero() {
        #expect(GregorianDay(daysSinceEpoch: 0) == GregorianDay(year: 1970, month: 1, day: 1))
        #expect(GregorianDay(year: 1970, month: 1, day: 1)?.daysSinceEpoch == 0)
    }

    /// Every day from 1600 to 2400 follows the one before it: the next day of the month, or
    /// the first of the next month after the month's last day. Covers 400-year, 100-year and
    /// 4-year leap rules and negative day numbers.
    @Test func consecutiveDaysFollowTheCalendar() throws {
        let first = try #require(GregorianDay(year: 1600, month: 1, day: 1)).daysSinceEpoch
        let last = try #require(GregorianDay(year: 2400, month: 12, day: 31)).daysSinceEpoch
        var previous = GregorianDay(daysSinceEpoch: first)
        #expect(previous == GregorianDay(year: 1600, month: 1, day: 1))
        var mismatches = 0
        for number in (first + 1)...last {
            let date = GregorianDay(daysSinceEpoch: number)
            let expected: GregorianDay?
            if previous.day < GregorianDay.daysIn(month: previous.month, year: previous.year) {
                expected = GregorianDay(year: previous.year, month: previous.month, day: previous.day + 1)
            } else if previous.month < 12 {
                expected = GregorianDay(year: previous.year, month: previous.month + 1, day: 1)
            } else {
                expected = GregorianDay(year: previous.year + 1, month: 1, day: 1)
            }
            if date != expected || date.daysSinceEpoch != number { mismatches += 1 }
            previous = date
        }
        #expect(mismatches == 0)
        #expect(previous == GregorianDay(year: 2400, month: 12, day: 31))
    }

    @Test func yearLengths() throws {
        func days(in year: Int64) throws -> Int64 {
            try #require(GregorianDay(year: year + 1, month: 1, day: 1)).daysSinceEpoch
                - #require(GregorianDay(year: year, month: 1, day: 1)).daysSinceEpoch
        }
        #expect(try days(in: 1900) == 365)
        #expect(try days(in: 2000) == 366)
        #expect(try days(in: 2024) == 366)
        #expect(try days(in: 2026) == 365)
        #expect(try days(in: 2100) == 365)
    }

    @Test func weekdaysCountFromThursdayTheFirstOfJanuary1970() {
        #expect(GregorianDay(daysSinceEpoch: 0).weekday == 4)
        #expect(GregorianDay(daysSinceEpoch: -1).weekday == 3)
        #expect(GregorianDay(daysSinceEpoch: 3).weekday == 7)
        #expect(GregorianDay(daysSinceEpoch: 4).weekday == 1)
        #expect(GregorianDay(year: 2026, month: 11, day: 26)?.weekday == 4)
        #expect(GregorianDay(year: 1600, month: 3, day: 1)?.weekday == 3)
    }
}
