/// A value read from a TOML document, with where it starts (1-based line and column), so
/// that whoever interprets it can say where a problem is.
public struct TOMLValue: Equatable, Sendable {
    /// What the value is.
    public enum Kind: Equatable, Sendable {
        /// A string (basic, literal, single- or multi-line).
        case string(String)
        /// A 64-bit integer (decimal, hexadecimal, octal or binary).
        case integer(Int64)
        /// A float, including `inf` and `nan`.
        case float(Double)
        /// `true` or `false`.
        case boolean(Bool)
        /// A local date, `2026-01-31`.
        case date(TOMLLocalDate)
        /// A local time, `08:00` or `08:00:00`.
        case time(TOMLLocalTime)
        /// An array (static, or an array of tables).
        case array([TOMLValue])
        /// A table (standard, inline, implicit, or an element of an array of tables).
        case table(TOMLTable)
    }

    /// The value itself.
    public var kind: Kind
    /// The 1-based line where the value (or the table's header) starts.
    public var line: Int
    /// The 1-based column (in bytes) where it starts.
    public var column: Int

    /// A value found at `line` and `column`.
    public init(_ kind: Kind, line: Int, column: Int = 1) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// What kind of value this is, in words for error messages (`a string`, `an integer`).
    public var typeDescription: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .date: "a date"
        case .time: "a time"
        case .array: "an array"
        case .table: "a table"
        }
    }
}

/// A table: keys in the order the document gives them, each with its value.
public struct TOMLTable: Equatable, Sendable {
    private var storage: TOMLEntries<TOMLValue>

    /// An empty table.
    public init() {
        storage = TOMLEntries()
    }

    /// A table of `storage`'s entries.
    init(_ storage: TOMLEntries<TOMLValue>) {
        self.storage = storage
    }

    /// The keys, in document order.
    public var keys: [String] { storage.keys }

    /// The value of `key`, if the table has it.
    public subscript(key: String) -> TOMLValue? {
        storage[key]
    }

    /// Sets `key` to `value`, keeping the key's position when it already exists.
    public mutating func set(_ key: String, _ value: TOMLValue) {
        if let position = storage.position(of: key) {
            storage.replace(at: position, with: value)
        } else {
            storage.append(key, value)
        }
    }

    /// The entries in document order.
    public var entries: [(key: String, value: TOMLValue)] {
        Array(zip(storage.keys, storage.values))
    }

    /// Equal when the keys, in order, and their values are.
    public static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
        lhs.storage.keys == rhs.storage.keys && lhs.storage.values == rhs.storage.values
    }
}

/// A TOML local date: a day without a time or offset.
public struct TOMLLocalDate: Equatable, Sendable {
    /// The year, 0-9999.
    public var year: Int
    /// The month, 1-12.
    public var month: Int
    /// The day of the month, 1 to the month's length.
    public var day: Int

    /// A date.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }
}

/// A TOML local time: a time of day without a date or offset.
public struct TOMLLocalTime: Equatable, Sendable {
    /// 0-23.
    public var hour: Int
    /// 0-59.
    public var minute: Int
    /// 0-60 (a leap second is allowed, as TOML allows it).
    public var second: Int
    /// Fractional seconds, in nanoseconds.
    public var nanosecond: Int

    /// A time of day.
    public init(hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }
}
