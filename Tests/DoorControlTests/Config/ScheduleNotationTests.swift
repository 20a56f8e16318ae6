import DoorControl
import Testing

@Suite("Weekly schedules in configuration files")
struct ScheduleNotationTests {
    static let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    @Test("day ranges, lists, wrapping ranges, and 24:00 as an end")
    func parse() {
        #expect(ScheduleNotation.parse("Mon-Fri 08:00-18:00") == .success(.init(days: Self.weekdays, start: 480, end: 1080)))
        #expect(ScheduleNotation.parse("mon,WED,Fri 00:00-24:00") == .success(.init(days: [.monday, .wednesday, .friday], start: 0, end: 1440)))
        #expect(ScheduleNotation.parse("Fri-Mon 22:30-23:59") == .success(.init(days: [.friday, .saturday, .sunday, .monday], start: 1350, end: 1439)))
        #expect(ScheduleNotation.parse("Sat-Sun,Wed  09:05-09:06") == .success(.init(days: [.saturday, .sunday, .wednesday], start: 545, end: 546)))
    }

    @Test("refusals say why", arguments: [
        ("Mon-Fri", "must be days and times"),
        ("Mon-Fri 08:00-18:00 extra", "must be days and times"),
        ("Mo-Fr 08:00-18:00", "\"Mo\" is not a day"),
        ("Mon-Fry 08:00-18:00", "did you mean Fri?"),
        ("Mon-Tue-Wed 08:00-18:00", "\"Mon-Tue-Wed\" is not a day or a range of days"),
        ("Mon,,Tue 08:00-18:00", "\"\" is not a day"),
        ("Mon 8:00-18:00", "times must be HH:MM-HH:MM"),
        ("Mon 08:00-24:01", "times must be HH:MM-HH:MM"),
        ("Mon 08:60-09:00", "times must be HH:MM-HH:MM"),
        ("Mon 08:00", "times must be HH:MM-HH:MM"),
        ("Mon 24:00-24:00", "cannot start at 24:00"),
        ("Mon 18:00-08:00", "must be after the start"),
        ("Mon 08:00-08:00", "must be after the start"),
    ])
    func refusals(text: String, reason: String) throws {
        guard case let .failure(error) = ScheduleNotation.parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.reason.contains(reason))
    }

    @Test("printed with consecutive days as ranges, and read back the same")
    func format() {
        let windows: [WeeklySchedule.Window] = [
            .init(days: Self.weekdays, start: 480, end: 1080),
            .init(days: [.monday, .wednesday, .saturday, .sunday], start: 0, end: 1440),
            .init(days: [.sunday], start: 5, end: 65),
        ]
        #expect(windows.map(ScheduleNotation.format) == ["Mon-Fri 08:00-18:00", "Mon,Wed,Sat-Sun 00:00-24:00", "Sun 00:05-01:05"])
        for window in windows {
            #expect(ScheduleNotation.parse(ScheduleNotation.format(window)) == .success(window))
        }
    }
}
