import TOML

/// Weekly schedule windows as configuration files write them: `Mon-Fri 08:00-18:00`,
/// `Sat,Sun 10:00-12:00`, `Fri-Mon 00:00-24:00`.
///
/// Days are three-letter English names, any case, as a comma list of days and ranges (a
/// range may wrap past Sunday). Times are `HH:MM`; the end is after the start and may be
/// `24:00`. A window cannot pass midnight: write it as two.
public enum ScheduleNotation {
    /// A window from its text, read in one pass over its UTF-8 bytes (linear in its length,
    /// whatever it holds).
    public static func parse(_ text: String) -> Result<WeeklySchedule.Window, ScheduleNotationError> {
        let notation = ScheduleText(text)
        var parts = notation.pieces(of: notation.all, omittingEmpty: true) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let dayPart = parts.next(), let timePart = parts.next(), parts.next() == nil else {
            return .failure(ScheduleNotationError("must be days and times, such as \"Mon-Fri 08:00-18:00\""))
        }
        let days: Set<Weekday>
        switch parseDays(dayPart, in: notation) {
        case let .success(value): days = value
        case let .failure(error): return .failure(error)
        }
        var times = notation.pieces(of: timePart, omittingEmpty: false) { $0 == UInt8(ascii: "-") }
        guard let startText = times.next(), let endText = times.next(), times.next() == nil,
            let start = minute(startText, in: notation), let end = minute(endText, in: notation)
        else {
            return .failure(ScheduleNotationError("times must be HH:MM-HH:MM, such as 08:00-18:00, not \"\(notation.text(timePart))\""))
        }
        guard start < 24 * 60 else { return .failure(ScheduleNotationError("a window cannot start at 24:00")) }
        guard end > start else {
            return .failure(ScheduleNotationError(
                "the end \(notation.text(endText)) must be after the start \(notation.text(startText)); split a window past midnight in two, ending at 24:00 and starting at 00:00"))
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

    /// The days' lowercased abbreviations as bytes, Monday first.
    private static let dayNames: [[UInt8]] = Weekday.allCases.map { Array($0.abbreviation.lowercased().utf8) }

    /// Every set of days, by its mask (bit n - 1 for the weekday of raw value n): built once,
    /// then shared by every window (no hashing per window, and one copy in memory).
    private static let daySets: [Set<Weekday>] = (0..<128).map { mask in
        Set(Weekday.allCases.filter { mask & 1 << ($0.rawValue - 1) != 0 })
    }

    /// `Mon-Fri,Sun`: days and ranges (a range may wrap past Sunday), separated by commas.
    private static func parseDays(_ range: Range<Int>, in notation: ScheduleText) -> Result<Set<Weekday>, ScheduleNotationError> {
        // Bit n - 1 stands for the weekday of raw value n (1-7), so the mask is below 128.
        var mask = 0
        for item in notation.pieces(of: range, omittingEmpty: false, where: { $0 == UInt8(ascii: ",") }) {
            var ends = notation.pieces(of: item, omittingEmpty: false) { $0 == UInt8(ascii: "-") }
            guard let firstEnd = ends.next() else { continue }
            let lastEnd = ends.next() ?? firstEnd
            guard ends.next() == nil else {
                return .failure(ScheduleNotationError("\"\(notation.text(item))\" is not a day or a range of days"))
            }
            guard let first = day(firstEnd, in: notation) else { return .failure(notADay(firstEnd, in: notation)) }
            guard let last = day(lastEnd, in: notation) else { return .failure(notADay(lastEnd, in: notation)) }
            var day = first
            while true {
                mask |= 1 << (day.rawValue - 1)
                if day == last { break }
                day = Weekday(rawValue: day.rawValue % 7 + 1) ?? .monday
            }
        }
        return .success(daySets[mask])
    }

    /// The day whose abbreviation the bytes spell in any case; nil for anything else (only
    /// ASCII letters can spell one).
    private static func day(_ range: Range<Int>, in notation: ScheduleText) -> Weekday? {
        guard range.count == 3 else { return nil }
        for (offset, name) in dayNames.enumerated() where zip(notation.bytes[range], name).allSatisfy({ lowercased($0) == $1 }) {
            return Weekday(rawValue: offset + 1)
        }
        return nil
    }

    private static func notADay(_ range: Range<Int>, in notation: ScheduleText) -> ScheduleNotationError {
        let text = notation.text(range)
        let names = Weekday.allCases.map(\.abbreviation)
        return ScheduleNotationError("\"\(text)\" is not a day (\(names.joined(separator: ", ")))\(Suggestion.clause(for: text, in: names))")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }

    /// Minutes since midnight for `HH:MM` (00:00 to 24:00), ASCII digits only.
    private static func minute(_ range: Range<Int>, in notation: ScheduleText) -> Int? {
        guard range.count == 5 else { return nil }
        let bytes = notation.bytes[range]
        let start = range.lowerBound
        guard bytes[start + 2] == UInt8(ascii: ":"), let hours = twoDigits(bytes[start], bytes[start + 1]),
            let minutes = twoDigits(bytes[start + 3], bytes[start + 4]),
            minutes < 60, hours * 60 + minutes <= 24 * 60
        else { return nil }
        return hours * 60 + minutes
    }

    private static func twoDigits(_ tens: UInt8, _ units: UInt8) -> Int? {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard digits.contains(tens), digits.contains(units) else { return nil }
        return Int(tens - UInt8(ascii: "0")) * 10 + Int(units - UInt8(ascii: "0"))
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

/// A schedule window's text as UTF-8 bytes, cut into pieces at separators the way
/// `String.split` cuts at Characters: a separator byte counts only when it is a whole
/// Character (not a space joined to a combining mark after it, say), so that every piece,
/// and every message quoting one, is what the text's characters show.
private struct ScheduleText {
    let text: String
    let bytes: [UInt8]

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    /// Every byte.
    var all: Range<Int> { 0..<bytes.count }

    /// The pieces of `range` between separators, in order; empty ones left out when `omittingEmpty`.
    func pieces(of range: Range<Int>, omittingEmpty: Bool, where isSeparator: @escaping (UInt8) -> Bool) -> Pieces {
        Pieces(text: self, rest: range, omittingEmpty: omittingEmpty, isSeparator: isSeparator)
    }

    /// The pieces of a range, found one by one as they are asked for.
    struct Pieces: Sequence, IteratorProtocol {
        let text: ScheduleText
        /// What is left to cut; nil once the last piece is given.
        var rest: Range<Int>?
        let omittingEmpty: Bool
        let isSeparator: (UInt8) -> Bool

        mutating func next() -> Range<Int>? {
            while let range = rest {
                var end = range.lowerBound
                while end < range.upperBound, !(isSeparator(text.bytes[end]) && text.isWholeCharacter(at: end)) { end += 1 }
                rest = end < range.upperBound ? end + 1..<range.upperBound : nil
                if !omittingEmpty || end > range.lowerBound { return range.lowerBound..<end }
            }
            return nil
        }
    }

    /// The text of `range`, whose ends are Character boundaries.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// True when the ASCII byte at `offset` is a Character on its own: always between ASCII
    /// neighbours (none of the separators is a carriage return or a line feed); otherwise as
    /// the text's grapheme clusters say.
    func isWholeCharacter(at offset: Int) -> Bool {
        let asciiBefore = offset == 0 || bytes[offset - 1] < 0x80
        let asciiAfter = offset + 1 >= bytes.count || bytes[offset + 1] < 0x80
        if asciiBefore && asciiAfter { return true }
        return isCharacterBoundary(offset) && isCharacterBoundary(offset + 1)
    }

    private func isCharacterBoundary(_ offset: Int) -> Bool {
        let utf8 = text.utf8
        guard let index = utf8.index(utf8.startIndex, offsetBy: offset, limitedBy: utf8.endIndex) else { return false }
        return index.samePosition(in: text) != nil
    }
}
