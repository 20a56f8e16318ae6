/// One table of the configuration under decoding: typed reads whose errors name the key
/// path, the file and the line, and a check that no unknown key is left.
package struct ConfigSection: Sendable {
    /// The table.
    package var table: TOMLTable
    /// Its key path (`relay`, `users[0]`, `inputs.exit_button`; empty for the root).
    package var path: String
    /// The line where it starts, for errors about keys it lacks.
    package var line: Int?
    /// Where its values came from.
    package var source: ConfigSource

    /// The full path of `key` in this table.
    package func keyPath(_ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// A table read from `source`.
    package init(table: TOMLTable, path: String, line: Int?, source: ConfigSource) {
        self.table = table
        self.path = path
        self.line = line
        self.source = source
    }

    /// The value of `key`, if present.
    package subscript(key: String) -> TOMLValue? { table[key] }

    /// An error about `key` (the table itself when nil), at `value`'s line or the table's.
    package func error(_ key: String?, _ message: String, at value: TOMLValue? = nil) -> ConfigError {
        let path = key.map(keyPath) ?? self.path
        return ConfigError(file: source.file(for: path), line: value?.line ?? line, key: path.isEmpty ? nil : path, message: message)
    }

    /// Refuses keys other than `allowed`, suggesting the closest allowed one.
    package func checkKeys(_ allowed: [String]) throws(ConfigError) {
        for key in table.keys where !allowed.contains(key) {
            throw error(key, "unknown key\(Suggestion.clause(for: key, in: allowed))", at: table[key])
        }
    }

    /// An error for `key` holding the wrong type.
    package func typeError(_ key: String, _ value: TOMLValue, expected: String) -> ConfigError {
        error(key, "must be \(expected), not \(Self.describe(value))", at: value)
    }

    /// An error for a missing required key.
    package func missing(_ key: String, _ hint: String = "") -> ConfigError {
        error(key, "missing" + (hint.isEmpty ? "" : ": " + hint))
    }

    /// True when `key` is set to `false` (an optional feature turned off).
    package func isOff(_ key: String) -> Bool {
        table[key]?.kind == .boolean(false)
    }

    package func string(_ key: String) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard case let .string(text) = value.kind else { throw typeError(key, value, expected: "a string") }
        return text
    }

    /// A string with at least one character and no control characters.
    package func text(_ key: String) throws(ConfigError) -> String? {
        guard let text = try string(key) else { return nil }
        guard !text.isEmpty else { throw error(key, "must not be empty", at: table[key]) }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw error(key, "must not contain control characters", at: table[key])
        }
        return text
    }

    /// An absolute file or directory path.
    package func absolutePath(_ key: String) throws(ConfigError) -> String? {
        guard let path = try text(key) else { return nil }
        guard path.hasPrefix("/") else { throw error(key, "must be an absolute path, not \(TOMLFormat.string(path))", at: table[key]) }
        return path
    }

    package func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard case let .boolean(flag) = value.kind else { throw typeError(key, value, expected: "true or false") }
        return flag
    }

    package func integer(_ key: String, in range: ClosedRange<Int>, unit: String = "") throws(ConfigError) -> Int? {
        guard let value = table[key] else { return nil }
        guard case let .integer(number) = value.kind else { throw typeError(key, value, expected: "an integer") }
        guard number >= Int64(range.lowerBound), number <= Int64(range.upperBound) else {
            throw error(key, "must be between \(range.lowerBound) and \(range.upperBound)\(unit), not \(number)", at: value)
        }
        return Int(number)
    }

    /// A number of seconds (integer or float) within `range`, to the millisecond.
    package func seconds(_ key: String, in range: ClosedRange<Double>) throws(ConfigError) -> Duration? {
        guard let value = table[key] else { return nil }
        let seconds: Double
        switch value.kind {
        case let .integer(number): seconds = Double(number)
        case let .float(number): seconds = number
        default: throw typeError(key, value, expected: "a number of seconds")
        }
        guard range.contains(seconds) else {
            throw error(key, "must be between \(Self.number(range.lowerBound)) and \(Self.number(range.upperBound)) seconds, not \(Self.describe(value))", at: value)
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// One of `choices` by its name.
    package func choice<Choice>(_ key: String, _ choices: [(String, Choice)]) throws(ConfigError) -> Choice? {
        guard let value = table[key] else { return nil }
        let names = choices.map(\.0)
        let list = names.map { "\"\($0)\"" }.joined(separator: " or ")
        guard case let .string(text) = value.kind else { throw typeError(key, value, expected: list) }
        guard let match = choices.first(where: { $0.0 == text }) else {
            throw error(key, "must be \(list), not \(Self.describe(value))", at: value)
        }
        return match.1
    }

    /// A string or an array of strings, each with its value (for its line).
    package func strings(_ key: String) throws(ConfigError) -> [(text: String, value: TOMLValue)]? {
        guard let value = table[key] else { return nil }
        let elements: [TOMLValue]
        switch value.kind {
        case .string: elements = [value]
        case let .array(array): elements = array
        default: throw typeError(key, value, expected: "a string or an array of strings")
        }
        var result: [(text: String, value: TOMLValue)] = []
        for (index, element) in elements.enumerated() {
            guard case let .string(text) = element.kind else {
                throw error("\(key)[\(index)]", "must be a string, not \(Self.describe(element))", at: element)
            }
            result.append((text, element))
        }
        return result
    }

    /// The table under `key`, if present.
    package func section(_ key: String) throws(ConfigError) -> ConfigSection? {
        guard let value = table[key] else { return nil }
        guard case let .table(table) = value.kind else { throw typeError(key, value, expected: "a table") }
        return ConfigSection(table: table, path: keyPath(key), line: value.line, source: source)
    }

    /// The tables of an array of tables (`[[users]]`), or of one inline table.
    package func sections(_ key: String) throws(ConfigError) -> [ConfigSection] {
        guard let value = table[key] else { return [] }
        let elements: [TOMLValue]
        switch value.kind {
        case .table: elements = [value]
        case let .array(array): elements = array
        default: throw typeError(key, value, expected: "a table or an array of tables")
        }
        var result: [ConfigSection] = []
        for (index, element) in elements.enumerated() {
            let path = keyPath(key) + "[\(index)]"
            guard case let .table(table) = element.kind else {
                throw ConfigError(file: source.file(for: path), line: element.line, key: path, message: "must be a table, not \(Self.describe(element))")
            }
            result.append(ConfigSection(table: table, path: path, line: element.line, source: source))
        }
        return result
    }

    /// A value as an error message quotes it.
    package static func describe(_ value: TOMLValue) -> String {
        switch value.kind {
        case let .string(text): TOMLFormat.string(text)
        case let .integer(number): String(number)
        case let .float(float): Self.number(float)
        case let .boolean(flag): String(flag)
        default: value.typeDescription
        }
    }

    /// A number without a needless `.0`.
    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
