/// The one calendar: a date in the proleptic Gregorian calendar, converted to and from days
/// since 1970-01-01.
///
/// The arithmetic counts in 400-year eras (146,097 days each) with years starting on
/// 1 March, so the leap day is the last day of its year and needs no special case.
public struct GregorianDay: Equatable, Sendable {
    /// The year (0 is 1 BC).
    public var year: Int64
    /// 1 … 12.
    public var month: Int64
    /// 1 … 31.
    public var day: Int64

    private static let daysPerEra: Int64 = 146_097
    /// Days from 0000-03-01 to 1970-01-01.
    private static let epochOffset: Int64 = 719_468

    /// The date `days` days after 1970-01-01 (before it when negative).
    public init(daysSinceEpoch days: Int64) {
        let shifted = days + Self.epochOffset
        let era = floorDivide(shifted, Self.daysPerEra)
        let dayOfEra = shifted - era * Self.daysPerEra
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// A date from its parts; nil when the month or day does not exist.
    public init?(year: Int64, month: Int64, day: Int64) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let marchMonth = (month + 9) % 12
        let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * Self.daysPerEra + dayOfEra - Self.epochOffset
    }

    /// The ISO weekday: 1 for Monday … 7 for Sunday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let days = daysSinceEpoch + 3
        return Int(days - floorDivide(days, 7) * 7) + 1
    }

    /// True for Gregorian leap years.
    public static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The length of a month.
    public static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
