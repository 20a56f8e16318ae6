import Basics

/// A position in a TOML document's UTF-8 bytes that knows its line and column.
struct TOMLCursor {
    private let bytes: [UInt8]
    /// The offset of the current byte.
    private(set) var index = 0
    /// The current 1-based line.
    private(set) var line = 1
    private var lineStart = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The current 1-based column, in bytes.
    var column: Int { index - lineStart + 1 }
    /// True when every byte has been consumed.
    var isAtEnd: Bool { index >= bytes.count }
    /// The current byte, nil at the end.
    var current: UInt8? { peek() }

    /// The byte `offset` places ahead, nil past the end.
    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// True when the bytes at the current position spell `text`.
    func isLooking(at text: String) -> Bool {
        var offset = 0
        for byte in text.utf8 {
            guard peek(offset) == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Moves past the current byte, counting lines.
    mutating func advance(by count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    /// Moves past a run of a string's bytes that need no attention: none is `quote`, a
    /// backslash (when `escapes`) or a control character, so none ends the line.
    mutating func skipStringRun(quote: UInt8, escapes: Bool) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote || (escapes && byte == UInt8(ascii: "\\")) || Self.isControl(byte) { return }
            index += 1
        }
    }

    /// The bytes from `start` to the current position.
    func bytes(from start: Int) -> ArraySlice<UInt8> {
        bytes[start..<index]
    }

    /// An error at the current position.
    func error(_ message: String) -> TOMLError {
        TOMLError(line: line, column: column, message)
    }

    /// Skips spaces and tabs.
    mutating func skipWhitespace() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { advance() }
    }

    /// Consumes a newline (LF or CRLF) and returns true, or returns false when there is none.
    mutating func consumeNewline() throws(TOMLError) -> Bool {
        if current == UInt8(ascii: "\n") {
            advance()
            return true
        }
        if current == UInt8(ascii: "\r") {
            guard peek(1) == UInt8(ascii: "\n") else { throw error("a carriage return must be followed by a line feed") }
            advance(by: 2)
            return true
        }
        return false
    }

    /// Skips a comment to the end of its line (not the newline itself).
    mutating func skipComment() throws(TOMLError) {
        guard current == UInt8(ascii: "#") else { return }
        while let byte = current, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            guard !Self.isControl(byte) else { throw error("control character \(hexByte(byte)) in a comment") }
            advance()
        }
    }

    /// Skips white space, an optional comment and then requires a newline or the end.
    mutating func expectLineEnd(after what: String) throws(TOMLError) {
        skipWhitespace()
        try skipComment()
        guard isAtEnd else {
            guard try consumeNewline() else {
                throw error("expected a new line after \(what), found \(describeCurrent())")
            }
            return
        }
    }

    /// Skips white space, comments and newlines (inside arrays).
    mutating func skipBlankLines() throws(TOMLError) {
        while true {
            skipWhitespace()
            try skipComment()
            guard try consumeNewline() else { return }
        }
    }

    /// The current character in words for error messages.
    func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return "the end of the line" }
        if Self.isControl(byte) { return "control character \(hexByte(byte))" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
    }

    /// True for bytes TOML allows in no string or comment: C0 controls other than tab, and DEL.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }
}
