/// Reads TOML 1.0 documents as configuration files use them: comments; bare, quoted and
/// dotted keys; `[tables]` and `[[arrays of tables]]`; basic and literal strings, single-
/// and multi-line; integers, floats, booleans, arrays and inline tables; local dates and
/// local times (`08:00` or `08:00:00`). Offset and local date-times are refused. Every value
/// keeps its line and column.
public enum TOML {
    /// The deepest a value may be nested: every array, inline table and key part (of a
    /// header or a dotted key) is a level. A configuration needs a handful; the limit keeps a
    /// crafted document (`[[[[…`) from exhausting the stack.
    public static let nestingLimit = 64

    /// The document's root table, from UTF-8 bytes.
    ///
    /// - Throws: as `parse(_: String)`, and for bytes that are not UTF-8, naming the line.
    public static func parse(bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var line = 1, column = 1
            while case let .valid(scalar) = parser.parseScalar(from: &iterator) {
                let isNewline = scalar.first == UInt8(ascii: "\n")
                line += isNewline ? 1 : 0
                column = isNewline ? 1 : column + scalar.count
            }
            throw TOMLError(line: line, column: column, "the document is not UTF-8 text")
        }
        return try parse(text)
    }

    /// The document's root table.
    ///
    /// - Throws: the first problem, with its line and column: a syntax error, a duplicate
    ///   key, a table defined twice, a bad escape, an unterminated string, a bad number,
    ///   nesting deeper than `nestingLimit`.
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        var parser = TOMLParser(text)
        return try parser.document()
    }
}

/// The recursive-descent parser behind `TOML.parse`.
private struct TOMLParser {
    private var cursor: TOMLCursor
    /// The storage `key()` fills.
    private var keyParts: [TOMLKeyPart] = []

    init(_ text: String) {
        cursor = TOMLCursor(text)
    }

    mutating func document() throws(TOMLError) -> TOMLTable {
        let root = TOMLTableBuilder(origin: .header, line: 1, column: 1)
        var current = root
        var currentDepth = 0
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
                // An element of an array of tables is two levels: the array and the table.
                currentDepth = 2 * path.count
                try checkDepth(currentDepth, at: path[0])
                let closing = isArray ? "]]" : "]"
                guard cursor.isLooking(at: closing) else {
                    throw cursor.error("expected '\(closing)' to close the table header, found \(cursor.describeCurrent())")
                }
                cursor.advance(by: closing.utf8.count)
                current = isArray ? try root.appendTable(path) : try root.defineTable(path)
                try cursor.expectLineEnd(after: "the table header")
            } else {
                try keyValue(into: current, depth: currentDepth)
                try cursor.expectLineEnd(after: "the value")
            }
        }
        guard case let .table(table) = root.finish().kind else { return TOMLTable() }
        return table
    }

    /// Refuses a value at `depth` deeper than `TOML.nestingLimit`.
    private func checkDepth(_ depth: Int, at part: TOMLKeyPart) throws(TOMLError) {
        try checkDepth(depth, line: part.line, column: part.column)
    }

    private func checkDepth(_ depth: Int, line: Int, column: Int) throws(TOMLError) {
        guard depth <= TOML.nestingLimit else {
            throw TOMLError(line: line, column: column,
                "nested deeper than \(TOML.nestingLimit) levels (each array, inline table and key part is one): flatten the document")
        }
    }

    /// `key = value` in a table at `depth`, the key possibly dotted.
    private mutating func keyValue(into table: TOMLTableBuilder, depth: Int) throws(TOMLError) {
        let path = try key()
        try checkDepth(depth + path.count, at: path[0])
        guard cursor.current == UInt8(ascii: "=") else {
            throw cursor.error("expected '=' after the key, found \(cursor.describeCurrent())")
        }
        cursor.advance()
        cursor.skipWhitespace()
        try table.assign(path, try value(depth: depth + path.count))
    }

    /// A key: simple keys separated by dots, white space around the dots allowed.
    private mutating func key() throws(TOMLError) -> [TOMLKeyPart] {
        // The parts go into the previous key's storage when nothing holds it any more (the
        // usual case: a key is done with once its value is stored), saving an allocation.
        keyParts.removeAll(keepingCapacity: true)
        while true {
            let line = cursor.line, column = cursor.column
            let name = try simpleKey()
            keyParts.append(TOMLKeyPart(name: name, line: line, column: column))
            cursor.skipWhitespace()
            guard cursor.current == UInt8(ascii: ".") else { return keyParts }
            cursor.advance()
            cursor.skipWhitespace()
        }
    }

    private mutating func simpleKey() throws(TOMLError) -> String {
        if cursor.current == UInt8(ascii: "\"") || cursor.current == UInt8(ascii: "'") {
            return try cursor.readString(allowMultiLine: false)
        }
        let start = cursor.index
        while let byte = cursor.current, Self.isBareKeyByte(byte) { cursor.advance() }
        let name = cursor.bytes(from: start)
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

    /// A value at `depth`.
    private mutating func value(depth: Int) throws(TOMLError) -> TOMLValue {
        let line = cursor.line, column = cursor.column
        let kind: TOMLValue.Kind
        switch cursor.current {
        case UInt8(ascii: "\"")?, UInt8(ascii: "'")?: kind = .string(try cursor.readString(allowMultiLine: true))
        case UInt8(ascii: "[")?:
            try checkDepth(depth + 1, line: line, column: column)
            kind = .array(try array(depth: depth))
        case UInt8(ascii: "{")?:
            try checkDepth(depth + 1, line: line, column: column)
            kind = try inlineTable(line: line, column: column, depth: depth)
        case nil, UInt8(ascii: "\n")?, UInt8(ascii: "\r")?, UInt8(ascii: "#")?: throw cursor.error("expected a value, found \(cursor.describeCurrent())")
        default: kind = try cursor.readScalar()
        }
        return TOMLValue(kind, line: line, column: column)
    }

    /// `[ v, v, … ]` across lines, with comments and a trailing comma allowed.
    private mutating func array(depth: Int) throws(TOMLError) -> [TOMLValue] {
        let line = cursor.line, column = cursor.column
        cursor.advance()
        var elements: [TOMLValue] = []
        while true {
            try cursor.skipBlankLines()
            if cursor.current == UInt8(ascii: "]") { break }
            guard !cursor.isAtEnd else { throw TOMLError(line: line, column: column, "unterminated array") }
            elements.append(try value(depth: depth + 1))
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
    private mutating func inlineTable(line: Int, column: Int, depth: Int) throws(TOMLError) -> TOMLValue.Kind {
        cursor.advance()
        let table = TOMLTableBuilder(origin: .header, line: line, column: column)
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "}") {
            cursor.advance()
            return table.finish().kind
        }
        while true {
            cursor.skipWhitespace()
            guard cursor.current != UInt8(ascii: "}") else { throw cursor.error("no trailing comma is allowed in an inline table") }
            try keyValue(into: table, depth: depth)
            cursor.skipWhitespace()
            if cursor.current == UInt8(ascii: ",") {
                cursor.advance()
                continue
            }
            if cursor.current == UInt8(ascii: "}") {
                cursor.advance()
                return table.finish().kind
            }
            if cursor.isAtEnd || cursor.current == UInt8(ascii: "\n") || cursor.current == UInt8(ascii: "\r") {
                throw cursor.error("an inline table must close with '}' on the same line")
            }
            throw cursor.error("expected ',' or '}' in the inline table, found \(cursor.describeCurrent())")
        }
    }
}
