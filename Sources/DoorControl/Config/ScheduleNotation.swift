/// Weekly schedule windows as configuration files write them: `Mon-Fri 08:00-18:00`,
/// `Sat,Sun 10:00-12:00`, `Fri-Mon 00:00-24:00`.
///
/// Days are three-letter English names, any case, as a comma list of days and ranges (a
/// range may wrap past Sunday). Times are `HH:MM`; the end is after the start and may be
/// `24:00`. A window cannot pass midnight: write it as two.
public enum ScheduleNotation {
    /// A window from its text.
    public static func parse(_ text: String) -> Result<WeeklySchedule.Window, ScheduleNotationError> {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2 else {
            return .failure(ScheduleNotationError("must be days and times, such as \"Mon-Fri 08:00-18:00\""))
        }
        let days: Set<Weekday>
        switch parseDays(parts[0]) {
        case let .success(value): days = value
        case let .failure(error): return .failure(error)
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

    /// `Mon-Fri 08:00-18:00`: consecutive days as ranges.
    public static func format(_ window: WeeklySchedule.Window) -> String {
        let days = window.days.sorted()
        var runs: [[Weekday]] = []
        for day in days {
            if let last = runs.last?.last, last.rawValue + 1 == day.rawValue {
                runs[runs.count - 1].append(day)
            } else {
                runs.append([day])
            }
        }
        let dayText = runs.map { run in
            guard let first = run.first, let last = run.last else { return "" }
            return run.count == 1 ? first.abbreviation : "\(first.abbreviation)-\(last.abbreviation)"
        }.joined(separator: ",")
        return "\(dayText) \(clock(window.start))-\(clock(window.end))"
    }

    /// The days by their lowercased abbreviation.
    private static let dayNames = Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0.abbreviation.lowercased(), $0) })

    private static func parseDays(_ text: Substring) -> Result<Set<Weekday>, ScheduleNotationError> {
        var days = Set<Weekday>()
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count) else { return .failure(ScheduleNotationError("\"\(item)\" is not a day or a range of days")) }
            var bounds: [Weekday] = []
            for end in ends {
                guard let day = dayNames[end.lowercased()] else {
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
        return .success(days)
    }

    /// Minutes since midnight for `HH:MM` (00:00 to 24:00).
    private static func minute(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let hours = Int(text.prefix(2)), let minutes = Int(text.suffix(2)),
            text.prefix(2).allSatisfy(\.isNumber), text.suffix(2).allSatisfy(\.isNumber),
            minutes < 60, hours * 60 + minutes <= 24 * 60
        else { return nil }
        return hours * 60 + minutes
    }

    private static func clock(_ minute: Int) -> String {
        let hours = String(minute / 60), minutes = String(minute % 60)
        return String(repeating: "0", count: 2 - hours.count) + hours + ":" + String(repeating: "0", count: 2 - minutes.count) + minutes
    }
}

/// Why a schedule window's text was refused.
public struct ScheduleNotationError: Error, Equatable, Sendable {
    /// The reason.
    public var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
