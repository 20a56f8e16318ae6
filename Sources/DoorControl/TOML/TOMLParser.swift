/// Reads TOML 1.0 documents as configuration files use them: comments; bare, quoted and
/// dotted keys; `[tables]` and `[[arrays of tables]]`; basic and literal strings, single-
/// and multi-line; integers, floats, booleans, arrays and inline tables; local dates and
/// local times (`08:00` or `08:00:00`). Offset and local date-times are refused. Every value
/// keeps its line and column.
public enum TOML {
    /// The document's root table.
    ///
    /// - Throws: the first problem, with its line and column: a syntax error, a duplicate
    ///   key, a table defined twice, a bad escape, an unterminated string, a bad number.
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        var parser = TOMLParser(text)
        return try parser.document()
    }
}

/// The recursive-descent parser behind `TOML.parse`.
private struct TOMLParser {
    private var cursor: TOMLCursor

    init(_ text: String) {
        cursor = TOMLCursor(text)
    }

    mutating func document() throws(TOMLError) -> TOMLTable {
        let root = TOMLTableBuilder(origin: .header, line: 1, column: 1)
        var current = root
        while !cursor.isAtEnd {
            cursor.skipWhitespace()
            try cursor.skipComment()
            if cursor.isAtEnd { break }
            if try cursor.consumeNewline() { continue }
            if cursor.current == UInt8(ascii: "[") {
                let isArray = cursor.peek(1) == UInt8(ascii: "[")
                cursor.advance(by: isArray ? 2 : 1)
                cursor.skipWhitespace()
                let path = try key()
                let closing = isArray ? "]]" : "]"
                guard cursor.isLooking(at: closing) else {
                    throw cursor.error("expected '\(closing)' to close the table header, found \(cursor.describeCurrent())")
                }
                cursor.advance(by: closing.utf8.count)
                current = isArray ? try root.appendTable(path) : try root.defineTable(path)
                try cursor.expectLineEnd(after: "the table header")
            } else {
                try keyValue(into: current)
                try cursor.expectLineEnd(after: "the value")
            }
        }
        guard case let .table(table) = root.value().kind else { return TOMLTable() }
        return table
    }

    /// `key = value`, the key possibly dotted.
    private mutating func keyValue(into table: TOMLTableBuilder) throws(TOMLError) {
        let path = try key()
        guard cursor.current == UInt8(ascii: "=") else {
            throw cursor.error("expected '=' after the key, found \(cursor.describeCurrent())")
        }
        cursor.advance()
        cursor.skipWhitespace()
        try table.assign(path, try value())
    }

    /// A key: simple keys separated by dots, white space around the dots allowed.
    private mutating func key() throws(TOMLError) -> [TOMLKeyPart] {
        var parts: [TOMLKeyPart] = []
        while true {
            let line = cursor.line, column = cursor.column
            parts.append(TOMLKeyPart(name: try simpleKey(), line: line, column: column))
            cursor.skipWhitespace()
            guard cursor.current == UInt8(ascii: ".") else { return parts }
            cursor.advance()
            cursor.skipWhitespace()
        }
    }

    private mutating func simpleKey() throws(TOMLError) -> String {
        if cursor.current == UInt8(ascii: "\"") || cursor.current == UInt8(ascii: "'") {
            return try cursor.readString(allowMultiLine: false)
        }
        var name: [UInt8] = []
        while let byte = cursor.current, Self.isBareKeyByte(byte) {
            name.append(byte)
            cursor.advance()
        }
        guard !name.isEmpty else { throw cursor.error("expected a key, found \(cursor.describeCurrent())") }
        return String(decoding: name, as: UTF8.self)
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private mutating func value() throws(TOMLError) -> TOMLValue {
        let line = cursor.line, column = cursor.column
        let kind: TOMLValue.Kind
        switch cursor.current {
        case UInt8(ascii: "\"")?, UInt8(ascii: "'")?: kind = .string(try cursor.readString(allowMultiLine: true))
        case UInt8(ascii: "[")?: kind = .array(try array())
        case UInt8(ascii: "{")?: kind = try inlineTable(line: line, column: column)
        case nil, UInt8(ascii: "\n")?, UInt8(ascii: "\r")?, UInt8(ascii: "#")?: throw cursor.error("expected a value, found \(cursor.describeCurrent())")
        default: kind = try cursor.readScalar()
        }
        return TOMLValue(kind, line: line, column: column)
    }

    /// `[ v, v, … ]` across lines, with comments and a trailing comma allowed.
    private mutating func array() throws(TOMLError) -> [TOMLValue] {
        let line = cursor.line, column = cursor.column
        cursor.advance()
        var elements: [TOMLValue] = []
        while true {
            try cursor.skipBlankLines()
            if cursor.current == UInt8(ascii: "]") { break }
            guard !cursor.isAtEnd else { throw TOMLError(line: line, column: column, "unterminated array") }
            elements.append(try value())
            try cursor.skipBlankLines()
            if cursor.current == UInt8(ascii: ",") {
                cursor.advance()
                continue
            }
            guard cursor.current == UInt8(ascii: "]") else {
                if cursor.isAtEnd { throw TOMLError(line: line, column: column, "unterminated array") }
                throw cursor.error("expected ',' or ']' in the array, found \(cursor.describeCurrent())")
            }
        }
        cursor.advance()
        return elements
    }

    /// `{ k = v, k = v }` on one line, without a trailing comma.
    private mutating func inlineTable(line: Int, column: Int) throws(TOMLError) -> TOMLValue.Kind {
        cursor.advance()
        let table = TOMLTableBuilder(origin: .header, line: line, column: column)
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "}") {
            cursor.advance()
            return table.value().kind
        }
        while true {
            cursor.skipWhitespace()
            guard cursor.current != UInt8(ascii: "}") else { throw cursor.error("no trailing comma is allowed in an inline table") }
            try keyValue(into: table)
            cursor.skipWhitespace()
            if cursor.current == UInt8(ascii: ",") {
                cursor.advance()
                continue
            }
            if cursor.current == UInt8(ascii: "}") {
                cursor.advance()
                return table.value().kind
            }
            if cursor.isAtEnd || cursor.current == UInt8(ascii: "\n") || cursor.current == UInt8(ascii: "\r") {
                throw cursor.error("an inline table must close with '}' on the same line")
            }
            throw cursor.error("expected ',' or '}' in the inline table, found \(cursor.describeCurrent())")
        }
    }
}
