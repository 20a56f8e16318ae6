import TOML
import Testing

@Suite("TOML parser")
struct TOMLParserTests {
    /// A valid document and the value one dotted path in it must have.
    struct Valid: CustomTestStringConvertible, Sendable {
        var document: String
        var path: [String]
        var expected: TOMLValue.Kind
        var testDescription: String { document }
    }

    static let valid: [Valid] = [
        Valid(document: "a = 1", path: ["a"], expected: .integer(1)),
        Valid(document: "# comment\n\n  a = -17 # trailing\n", path: ["a"], expected: .integer(-17)),
        Valid(document: "a = +1_000_000", path: ["a"], expected: .integer(1_000_000)),
        Valid(document: "a = 0xDEAD_beef", path: ["a"], expected: .integer(0xDEAD_BEEF)),
        Valid(document: "a = 0o755", path: ["a"], expected: .integer(0o755)),
        Valid(document: "a = 0b1010", path: ["a"], expected: .integer(10)),
        Valid(document: "a = 0", path: ["a"], expected: .integer(0)),
        Valid(document: "a = -9223372036854775808", path: ["a"], expected: .integer(Int64.min)),
        Valid(document: "a = 3.25", path: ["a"], expected: .float(3.25)),
        Valid(document: "a = -0.5e-3", path: ["a"], expected: .float(-0.0005)),
        Valid(document: "a = 1E2", path: ["a"], expected: .float(100)),
        Valid(document: "a = 1_000.000_1", path: ["a"], expected: .float(1000.0001)),
        Valid(document: "a = -inf", path: ["a"], expected: .float(-.infinity)),
        Valid(document: "a = true\nb = false", path: ["b"], expected: .boolean(false)),
        Valid(document: "a = \"tab\\there \\\"q\\\" \\\\ \\u00E9 \\U0001F600\"", path: ["a"], expected: .string("tab\there \"q\" \\ é 😀")),
        Valid(document: "a = 'C:\\path\\no escapes'", path: ["a"], expected: .string("C:\\path\\no escapes")),
        Valid(document: "a = \"\"\"\nline one\nline two\"\"\"", path: ["a"], expected: .string("line one\nline two")),
        Valid(document: "a = \"\"\"one \\\n    two\"\"\"", path: ["a"], expected: .string("one two")),
        Valid(document: "a = \"\"\"\"quoted\"\"\"\"", path: ["a"], expected: .string("\"quoted\"")),
        Valid(document: "a = '''\nraw \\n ''text'' '''", path: ["a"], expected: .string("raw \\n ''text'' ")),
        Valid(document: "a = 'x'\r\nb = 2\r\n", path: ["b"], expected: .integer(2)),
        Valid(document: "a = 2026-01-31", path: ["a"], expected: .date(TOMLLocalDate(year: 2026, month: 1, day: 31))),
        Valid(document: "a = 2024-02-29", path: ["a"], expected: .date(TOMLLocalDate(year: 2024, month: 2, day: 29))),
        Valid(document: "a = 08:00", path: ["a"], expected: .time(TOMLLocalTime(hour: 8, minute: 0))),
        Valid(document: "a = 23:59:58.5", path: ["a"], expected: .time(TOMLLocalTime(hour: 23, minute: 59, second: 58, nanosecond: 500_000_000))),
        Valid(document: "\"quoted key\" = 1", path: ["quoted key"], expected: .integer(1)),
        Valid(document: "'' = 1", path: [""], expected: .integer(1)),
        Valid(document: "a . b . c = 1", path: ["a", "b", "c"], expected: .integer(1)),
        Valid(document: "a.\"b.c\" = 1", path: ["a", "b.c"], expected: .integer(1)),
        Valid(document: "1234 = 'bare numeric key'", path: ["1234"], expected: .string("bare numeric key")),
        Valid(document: "[t]\nx = 1\n[u]\nx = 2", path: ["u", "x"], expected: .integer(2)),
        Valid(document: "[a.b]\nx = 1\n[a]\ny = 2", path: ["a", "y"], expected: .integer(2)),
        Valid(document: "[fruit]\napple.color = 'red'\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true",
            path: ["fruit", "apple", "texture", "smooth"], expected: .boolean(true)),
        Valid(document: "a = { x = 1, y.z = 2 }", path: ["a", "y", "z"], expected: .integer(2)),
        Valid(document: "a = {}", path: ["a"], expected: .table(TOMLTable())),
        Valid(document: "a = [ 1, 'two', [3], { four = 4 } ]", path: ["a"], expected: .array([
            TOMLValue(.integer(1), line: 1, column: 7), TOMLValue(.string("two"), line: 1, column: 10),
            TOMLValue(.array([TOMLValue(.integer(3), line: 1, column: 18)]), line: 1, column: 17),
            TOMLValue(.table(Self.table(["four": TOMLValue(.integer(4), line: 1, column: 31)])), line: 1, column: 22),
        ])),
        Valid(document: "a = [\n  1, # one\n  # nothing\n  2,\n]", path: ["a"], expected: .array([
            TOMLValue(.integer(1), line: 2, column: 3), TOMLValue(.integer(2), line: 4, column: 3),
        ])),
    ]

    @Test("valid documents", arguments: valid)
    func validDocument(_ example: Valid) throws {
        let root = try TOML.parse(example.document)
        let value = try #require(Self.lookup(example.path, in: root))
        #expect(value.kind == example.expected)
    }

    /// An invalid document and the line its error must name.
    struct Invalid: CustomTestStringConvertible, Sendable {
        var document: String
        var line: Int
        var message: String
        var testDescription: String { document }
    }

    static let invalid: [Invalid] = [
        Invalid(document: "a = 1\na = 2", line: 2, message: "duplicate key a (first defined on line 1)"),
        Invalid(document: "a.b = 1\n\na.b = 2", line: 3, message: "duplicate key a.b"),
        Invalid(document: "a = 1\na.b = 2", line: 2, message: "a is already defined and is not a table"),
        Invalid(document: "[t]\n[t]", line: 2, message: "table [t] is already defined on line 1"),
        Invalid(document: "[t]\nx = 1\n\n[t]", line: 4, message: "already defined"),
        Invalid(document: "[a]\nb.c = 1\n[a.b]", line: 3, message: "table [a.b] is already defined"),
        Invalid(document: "[a.b]\n[a]\nb.c = 1", line: 3, message: "cannot add keys to table b defined on line 1"),
        Invalid(document: "a = {x = 1}\n[a]", line: 2, message: "a is already defined on line 1"),
        Invalid(document: "a = {x = 1}\n[a.b]", line: 2, message: "cannot be extended"),
        Invalid(document: "a = [1]\n[[a]]", line: 2, message: "a is already defined on line 1"),
        Invalid(document: "[[a]]\n[a]", line: 2, message: "array of tables"),
        Invalid(document: "[a]\n[[a]]", line: 2, message: "already a table"),
        Invalid(document: "a = \"bad \\q escape\"", line: 1, message: "invalid escape \\q"),
        Invalid(document: "\na = \"\\u12\"", line: 2, message: "\\u needs 4 hex digits"),
        Invalid(document: "a = \"\\uD800\"", line: 1, message: "not a Unicode scalar value"),
        Invalid(document: "x = 1\na = \"open\nb = 2", line: 2, message: "unterminated string"),
        Invalid(document: "a = 'open", line: 1, message: "unterminated string"),
        Invalid(document: "\n\na = \"\"\"never\nclosed", line: 3, message: "unterminated string"),
        Invalid(document: "a = '''x''''''", line: 1, message: "too many quotes"),
        Invalid(document: "a = \"tab\u{01}\"", line: 1, message: "control character 0x01"),
        Invalid(document: "a = 1 2", line: 1, message: "expected a new line after the value"),
        Invalid(document: "a = ", line: 1, message: "expected a value"),
        Invalid(document: "= 1", line: 1, message: "expected a key"),
        Invalid(document: "a 1", line: 1, message: "expected '='"),
        Invalid(document: "a = hello", line: 1, message: "'hello' is not a value (strings need quotes)"),
        Invalid(document: "a = 012", line: 1, message: "leading zeros"),
        Invalid(document: "a = 1__000", line: 1, message: "not a valid number"),
        Invalid(document: "a = _1", line: 1, message: "'_1' is not a value"),
        Invalid(document: "a = 0x", line: 1, message: "not a valid base-16 integer"),
        Invalid(document: "a = 0xＦＦ", line: 1, message: "not a valid base-16 integer"),
        Invalid(document: "a = 0x+FF", line: 1, message: "not a valid base-16 integer"),
        Invalid(document: "a = \"\\u００４１\"", line: 1, message: "hex digits"),
        Invalid(document: "a = 9223372036854775808", line: 1, message: "does not fit in 64 bits"),
        Invalid(document: "a = 1.", line: 1, message: "not a valid number"),
        Invalid(document: "a = .5", line: 1, message: "'.5' is not a value"),
        Invalid(document: "a = 1e400", line: 1, message: "out of range"),
        Invalid(document: "a = 2026-02-30", line: 1, message: "day 30 is not in that month"),
        Invalid(document: "a = 2026-13-01", line: 1, message: "no month 13"),
        Invalid(document: "a = 2026-01-01T08:00:00", line: 1, message: "date-times are not supported"),
        Invalid(document: "a = 2026-01-01 08:00:00", line: 1, message: "date-times are not supported"),
        Invalid(document: "a = 24:00", line: 1, message: "not a time of day"),
        Invalid(document: "a = 08:00-18:00", line: 1, message: "not a time"),
        Invalid(document: "a = [1, 2", line: 1, message: "unterminated array"),
        Invalid(document: "a = [1 2]", line: 1, message: "expected ',' or ']'"),
        Invalid(document: "a = [1,,2]", line: 1, message: "expected a value"),
        Invalid(document: "a = {x = 1,}", line: 1, message: "no trailing comma"),
        Invalid(document: "a = {x = 1\n}", line: 1, message: "on the same line"),
        Invalid(document: "a = {x = 1, x = 2}", line: 1, message: "duplicate key x"),
        Invalid(document: "[t", line: 1, message: "expected ']'"),
        Invalid(document: "[[t]", line: 1, message: "expected ']]'"),
        Invalid(document: "[t] x = 1", line: 1, message: "expected a new line after the table header"),
        Invalid(document: "\"\"\"key\"\"\" = 1", line: 1, message: "a key cannot be a multi-line string"),
        Invalid(document: "a = 1\r", line: 1, message: "carriage return"),
        Invalid(document: "# comment \u{7F}", line: 1, message: "control character 0x7F in a comment"),
    ]

    @Test("invalid documents name the line", arguments: invalid)
    func invalidDocument(_ example: Invalid) {
        #expect {
            try TOML.parse(example.document)
        } throws: { error in
            guard let error = error as? TOMLError else { return false }
            return error.line == example.line && error.message.contains(example.message)
        }
    }

    @Test("values keep their line and column; headers and arrays of tables keep theirs")
    func positions() throws {
        let root = try TOML.parse("top = 1\n\n[door]\n  pulse = 3\n\n[[users]]\nname = 'a'\n[[users]]\nname = 'b'\n")
        #expect(root["top"] == TOMLValue(.integer(1), line: 1, column: 7))
        let door = try #require(root["door"])
        #expect(door.line == 3)
        guard case let .table(doorTable) = door.kind else {
            Issue.record("door is not a table")
            return
        }
        #expect(doorTable["pulse"] == TOMLValue(.integer(3), line: 4, column: 11))
        guard case let .array(users)? = root["users"]?.kind else {
            Issue.record("users is not an array")
            return
        }
        #expect(users.map(\.line) == [6, 8])
        #expect(root.keys == ["top", "door", "users"])
    }

    @Test("an error reports its column too")
    func column() {
        #expect(throws: TOMLError(line: 2, column: 11, "invalid escape \\x (valid: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)")) {
            try TOML.parse("ok = 1\nbad = \"abc\\x\"")
        }
    }

    @Test("keys and strings written by TOMLFormat read back unchanged")
    func formatRoundTrip() throws {
        let awkward = ["plain", "with space", "quote\"back\\slash", "tab\tnew\nline", "bell\u{07}del\u{7F}", "ünïcödé", ""]
        for text in awkward {
            let root = try TOML.parse("\(TOMLFormat.key(text)) = \(TOMLFormat.string(text))")
            #expect(root[text]?.kind == .string(text))
        }
        #expect(TOMLFormat.key("exit_button") == "exit_button")
        #expect(TOMLFormat.key("a.b") == "\"a.b\"")
        #expect(TOMLFormat.array(["a", "b\""]) == "[\"a\", \"b\\\"\"]")
    }

    static func table(_ entries: [String: TOMLValue]) -> TOMLTable {
        var table = TOMLTable()
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) { table.set(key, value) }
        return table
    }

    static func lookup(_ path: [String], in root: TOMLTable) -> TOMLValue? {
        var table = root
        for key in path.dropLast() {
            guard case let .table(next)? = table[key]?.kind else { return nil }
            table = next
        }
        return path.last.flatMap { table[$0] }
    }
}
