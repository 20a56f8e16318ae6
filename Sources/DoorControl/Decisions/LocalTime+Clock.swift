import Basics
import POSIXIO

#if canImport(Glibc)
import Glibc
#endif

extension LocalTime {
    /// The local time at `epochSeconds` (seconds since 1970 UTC) in the process's time zone
    /// (`TZ`, else `/etc/localtime`), daylight saving included.
    public init(epochSeconds: Int64) {
        var seconds = time_t(epochSeconds)
        var fields = tm()
        tzset()
        localtime_r(&seconds, &fields)
        self.init(fields)
        self.epochSeconds = epochSeconds
    }

    /// The local time at `epochSeconds` in a fixed offset from UTC (`utcOffset` seconds east),
    /// whatever the process's time zone.
    public init(epochSeconds: Int64, utcOffset: Int) {
        let local = epochSeconds + Int64(utcOffset)
        let days = floorDivide(local, 86_400)
        let date = GregorianDay(daysSinceEpoch: days)
        self.init(
            date: CivilDate(year: Int(date.year), month: Int(date.month), day: Int(date.day)),
            weekday: Weekday(rawValue: date.weekday) ?? .monday,
            minute: Int(local - days * 86_400) / 60)
        self.epochSeconds = epochSeconds
    }

    /// The wall-clock time now, with whether the kernel holds the clock as synchronised (a
    /// clock that cannot be asked counts as not synchronised).
    public static func now() -> LocalTime {
        var time = LocalTime(epochSeconds: AuditTime.now().epochSeconds)
        time.isSynchronised = ClockSynchronisation.isSynchronised()
        return time
    }

    /// From broken-down time (`tm_wday` 0 = Sunday, `tm_mon` 0 = January).
    init(_ fields: tm) {
        self.init(
            date: CivilDate(year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday)),
            weekday: Weekday(rawValue: fields.tm_wday == 0 ? 7 : Int(fields.tm_wday)) ?? .sunday,
            minute: Int(fields.tm_hour) * 60 + Int(fields.tm_min))
    }
}
