import GPIO
import NFCCore
import TOML

/// Reads of the door's own value types: GPIO lines, feedback patterns, dates.
extension ConfigSection {
    /// A GPIO line as the board names it (`GPIO17`), normalised; nil when absent or `false`.
    func lineName(_ key: String) throws(ConfigError) -> String? {
        guard let value = table[key], !isOff(key) else { return nil }
        guard case let .string(text) = value.kind else { throw typeError(key, value, expected: "a line name such as \"GPIO17\" (or false)") }
        return try Self.lineName(text, key: keyPath(key), value: value, source: source)
    }

    /// A line with its active level: `"GPIO22"` or `{ line = "GPIO22", active_low = true }`;
    /// nil when absent or `false`.
    func lineConfig(_ key: String) throws(ConfigError) -> LineConfig? {
        guard let value = table[key], !isOff(key) else { return nil }
        switch value.kind {
        case let .string(text):
            return LineConfig(line: try Self.lineName(text, key: keyPath(key), value: value, source: source))
        case .table:
            guard let line = try section(key) else { return nil }
            try line.checkKeys(["line", "active_low"])
            guard let name = try line.lineName("line") else { throw line.missing("line", "the line's name, such as \"GPIO22\"") }
            return LineConfig(line: name, activeLow: try line.bool("active_low") ?? false)
        default:
            throw typeError(key, value, expected: "a line: \"GPIO22\" or { line = \"GPIO22\", active_low = true } (or false)")
        }
    }

    /// A blink or beep pattern: milliseconds on, off, on… (at most 32 steps of 1-60000 ms).
    func pattern(_ key: String) throws(ConfigError) -> FeedbackPattern? {
        guard let value = table[key] else { return nil }
        guard case let .array(elements) = value.kind else { throw typeError(key, value, expected: "an array of milliseconds (on, off, on, …)") }
        guard elements.count <= 32 else { throw error(key, "has \(elements.count) steps; at most 32", at: value) }
        var steps: [Duration] = []
        for (index, element) in elements.enumerated() {
            guard case let .integer(milliseconds) = element.kind, (1...60_000).contains(milliseconds) else {
                throw error("\(key)[\(index)]", "must be a number of milliseconds between 1 and 60000, not \(Self.describe(element))", at: element)
            }
            steps.append(.milliseconds(milliseconds))
        }
        return FeedbackPattern(steps)
    }

    /// A TOML local date (`2026-01-31`, without quotes).
    func date(_ key: String) throws(ConfigError) -> CivilDate? {
        guard let value = table[key] else { return nil }
        guard case let .date(date) = value.kind else {
            throw typeError(key, value, expected: "a date written without quotes, such as 2026-01-31")
        }
        return CivilDate(year: date.year, month: date.month, day: date.day)
    }

    private static func lineName(_ text: String, key: String, value: TOMLValue, source: ConfigSource) throws(ConfigError) -> String {
        do {
            return try GPIOLineName(text).description
        } catch {
            throw ConfigError(file: source.file(for: key), line: value.line, key: key,
                message: "must name a line as the board does, such as \"GPIO17\", not \(TOMLFormat.string(text))")
        }
    }
}
