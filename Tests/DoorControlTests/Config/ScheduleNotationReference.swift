@testable import DoorControl
import TOML

/// The schedule notation's rules stated on Characters with `String.split`, as the notation
/// was first read: the oracle the byte-level parser must agree with, window and message.
enum ScheduleNotationReference {
    static func parse(_ text: String) -> Result<WeeklySchedule.Window, ScheduleNotationError> {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2 else {
            return .failure(ScheduleNotationError("must be days and times, such as \"Mon-Fri 08:00-18:00\""))
        }
        var days = Set<Weekday>()
        for item in parts[0].split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count) else { return .failure(ScheduleNotationError("\"\(item)\" is not a day or a range of days")) }
            var bounds: [Weekday] = []
            for end in ends {
                guard let day = Weekday.allCases.first(where: { $0.abbreviation.lowercased() == end.lowercased() }) else {
                    let names = Weekday.allCases.map(\.abbreviation)
                    return .failure(ScheduleNotationError("\"\(end)\" is not a day (\(names.joined(separator: ", ")))\(Suggestion.clause(for: String(end), in: names))"))
                }
                bounds.append(day)
            }
            guard let first = bounds.first, let last = bounds.last else { continue }
            var day = first
            while true {
                days.insert(day)
                if day == last { break }
                day = Weekday(rawValue: day.rawValue % 7 + 1) ?? .monday
            }
        }
        let times = parts[1].split(separator: "-", omittingEmptySubsequences: false)
        guard times.count == 2, let start = minute(times[0]), let end = minute(times[1]) else {
            return .failure(ScheduleNotationError("times must be HH:MM-HH:MM, such as 08:00-18:00, not \"\(parts[1])\""))
        }
        guard start < 24 * 60 else { return .failure(ScheduleNotationError("a window cannot start at 24:00")) }
        guard end > start else {
            return .failure(ScheduleNotationError("the end \(times[1]) must be after the start \(times[0]); split a window past midnight in two, ending at 24:00 and starting at 00:00"))
        }
        return .success(WeeklySchedule.Window(days: days, start: start, end: end))
    }

    private static func minute(_ text: Substring) -> Int? {
        guard text.utf8.count == 5, Array(text.utf8)[2] == UInt8(ascii: ":"),
            let hours = Int(text.prefix(2)), let minutes = Int(text.suffix(2)),
            text.prefix(2).allSatisfy(\.isNumber), text.suffix(2).allSatisfy(\.isNumber),
            minutes < 60, hours * 60 + minutes <= 24 * 60
        else { return nil }
        return hours * 60 + minutes
    }
}
