@testable import DoorControl
import TestSupport
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

    @Test("refusals word for word, quoting the text's pieces as its characters show them", arguments: [
        ("", "must be days and times, such as \"Mon-Fri 08:00-18:00\""),
        ("Mon\t\t08:00-09:00 ", "ok"),
        ("Mon-Tue-Wed 08:00-18:00", "\"Mon-Tue-Wed\" is not a day or a range of days"),
        ("Mon,,Tue 08:00-18:00", "\"\" is not a day (Mon, Tue, Wed, Thu, Fri, Sat, Sun)"),
        ("Mon-Fry 08:00-18:00", "\"Fry\" is not a day (Mon, Tue, Wed, Thu, Fri, Sat, Sun); did you mean Fri?"),
        ("Mon- 08:00-18:00", "\"\" is not a day (Mon, Tue, Wed, Thu, Fri, Sat, Sun)"),
        ("Mön 08:00-18:00", "\"Mön\" is not a day (Mon, Tue, Wed, Thu, Fri, Sat, Sun)"),
        // A space or a separator followed by a combining mark is one character, not a separator.
        ("Mon \u{301}08:00-18:00", "must be days and times, such as \"Mon-Fri 08:00-18:00\""),
        ("Mon,\u{301}Tue 08:00-18:00", "\"Mon,\u{301}Tue\" is not a day (Mon, Tue, Wed, Thu, Fri, Sat, Sun)"),
        ("Mon-\u{301}Tue 08:00-18:00", "\"Mon-\u{301}Tue\" is not a day (Mon, Tue, Wed, Thu, Fri, Sat, Sun)"),
        // A prepended mark before a space joins it too.
        ("Mon\u{600} 08:00-18:00", "must be days and times, such as \"Mon-Fri 08:00-18:00\""),
        ("Mon 08:00-\u{301}18:00", "times must be HH:MM-HH:MM, such as 08:00-18:00, not \"08:00-\u{301}18:00\""),
        ("Mon \u{0660}8:00-18:00", "times must be HH:MM-HH:MM, such as 08:00-18:00, not \"\u{0660}8:00-18:00\""),
        ("Mon 08:00-18:00-", "times must be HH:MM-HH:MM, such as 08:00-18:00, not \"08:00-18:00-\""),
        ("Mon 18:00-08:00", "the end 08:00 must be after the start 18:00; split a window past midnight in two, ending at 24:00 and starting at 00:00"),
        ("Mon\r\n08:00-09:00", "must be days and times, such as \"Mon-Fri 08:00-18:00\""),
    ])
    func messages(text: String, message: String) {
        switch ScheduleNotation.parse(text) {
        case .success: #expect(message == "ok", "\(text) was accepted")
        case let .failure(error): #expect(error.reason == message)
        }
    }

    @Test("the byte-level reading agrees with the notation's rules stated on characters, window and message")
    func agreesWithCharacterRules() {
        let fragments = [
            "Mon", "fri", "SUN", "Fry", "Mo", "tue", "Sat", "-", ",", " ", "\t", "  ", "08:00", "18:00", "24:00", "8:00", "00:00",
            "\u{301}", "\u{600}", "\r\n", "\r", "\n", "é", "\u{0660}", "🇩🇪", "\u{200D}", ":", "0", "x",
        ]
        var generator = SeededGenerator(seed: 0x5C4E_D01E)
        var texts = ["Mon-Fri 08:00-18:00", "Fri-Mon 22:30-23:59", "Sat-Sun,Wed  09:05-09:06"]
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 9)
            texts.append((0..<count).map { _ in fragments[Int(generator.next() % UInt64(fragments.count))] }.joined())
        }
        for days in ["Mon", "Mon-Fri", "mon,WED", "Mon,\u{301}Tue", "Mon\u{600}", "Mon-"] {
            for separator in [" ", "\t", " \u{301}", "\u{600} ", "\u{301} "] {
                for times in ["08:00-18:00", "24:00-24:00", "18:00-08:00", "08:00", "0\u{301}:00-18:00", "08:00-\u{301}18:00"] {
                    texts.append(days + separator + times)
                }
            }
        }
        for text in texts {
            #expect(ScheduleNotation.parse(text) == ScheduleNotationReference.parse(text), "\(text.unicodeScalars.map { "U+" + String($0.value, radix: 16) })")
        }
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
