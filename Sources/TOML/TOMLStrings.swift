import Basics

/// The four kinds of TOML strings: basic `"…"`, literal `'…'`, and their multi-line forms.
extension TOMLCursor {
    /// Reads a string starting at the current quote; `allowMultiLine` is false for keys.
    mutating func readString(allowMultiLine: Bool) throws(TOMLError) -> String {
        let startLine = line, startColumn = column
        let unterminated = TOMLError(line: startLine, column: startColumn, "unterminated string")
        // At a quote (the caller checks): three of them open a multi-line string.
        if peek(1) == current, peek(2) == current {
            guard allowMultiLine else { throw error("a key cannot be a multi-line string") }
            let literal = current == UInt8(ascii: "'")
            advance(by: 3)
            return try readMultiLine(literal: literal, unterminated: unterminated)
        }
        let literal = current == UInt8(ascii: "'")
        let quote = literal ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        advance()
        let start = index
        // The string's bytes are copied only from its first escape on; without one, it is
        // the document's bytes between the quotes.
        var text: [UInt8] = []
        var hasEscape = false
        while true {
            let runStart = index
            skipStringRun(quote: quote, escapes: !literal)
            if hasEscape { text.append(contentsOf: bytes(from: runStart)) }
            guard let byte = current, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else { throw unterminated }
            if byte == quote {
                let value = hasEscape ? String(decoding: text, as: UTF8.self) : String(decoding: bytes(from: start), as: UTF8.self)
                advance()
                return value
            }
            if byte == UInt8(ascii: "\\"), !literal {
                if !hasEscape {
                    text = Array(bytes(from: start))
                    hasEscape = true
                }
                try readEscape(into: &text)
                continue
            }
            // The run stops only at the quote, a backslash or a control character.
            throw error("control character \(hexByte(byte)) in a string; write it as an escape")
        }
    }

    private mutating func readMultiLine(literal: Bool, unterminated: TOMLError) throws(TOMLError) -> String {
        let quote = literal ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        _ = try consumeNewline()
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw unterminated }
            if byte == quote, peek(1) == quote, peek(2) == quote {
                var run = 3
                while peek(run) == quote { run += 1 }
                guard run <= 5 else { throw error("too many quotes at the end of a multi-line string") }
                text.append(contentsOf: [UInt8](repeating: quote, count: run - 3))
                advance(by: run)
                return String(decoding: text, as: UTF8.self)
            }
            if try consumeNewline() {
                text.append(UInt8(ascii: "\n"))
                continue
            }
            if byte == UInt8(ascii: "\\"), !literal {
                if try skipLineEndingBackslash() { continue }
                try readEscape(into: &text)
                continue
            }
            guard !Self.isControl(byte) else { throw error("control character \(hexByte(byte)) in a string; write it as an escape") }
            text.append(byte)
            advance()
        }
    }

    /// At a backslash followed by optional white space and a newline: skips it and all white
    /// space and newlines after it, returning true. Otherwise consumes nothing.
    private mutating func skipLineEndingBackslash() throws(TOMLError) -> Bool {
        var offset = 1
        while peek(offset) == UInt8(ascii: " ") || peek(offset) == UInt8(ascii: "\t") { offset += 1 }
        guard peek(offset) == UInt8(ascii: "\n") || (peek(offset) == UInt8(ascii: "\r") && peek(offset + 1) == UInt8(ascii: "\n")) else {
            return false
        }
        advance(by: offset)
        while true {
            skipWhitespace()
            guard try consumeNewline() else { return true }
        }
    }

    /// Reads one escape sequence at a backslash and appends its UTF-8 bytes.
    private mutating func readEscape(into text: inout [UInt8]) throws(TOMLError) {
        let escapeColumn = column, escapeLine = line
        advance()
        guard let letter = current else { throw error("unterminated string") }
        if let byte = Self.simpleEscape(letter) {
            text.append(byte)
            advance()
            return
        }
        guard letter == UInt8(ascii: "u") || letter == UInt8(ascii: "U") else {
            throw TOMLError(line: escapeLine, column: escapeColumn,
                "invalid escape \\\(String(decoding: [letter], as: UTF8.self)) (valid: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)")
        }
        let width = letter == UInt8(ascii: "u") ? 4 : 8
        advance()
        var value: UInt32 = 0
        for _ in 0..<width {
            guard let byte = current, let digit = Hex.digitValue(byte) else {
                throw TOMLError(line: escapeLine, column: escapeColumn, "\\\(letter == UInt8(ascii: "u") ? "u" : "U") needs \(width) hex digits")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw TOMLError(line: escapeLine, column: escapeColumn, "escape U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar value")
        }
        UTF8.encode(scalar) { text.append($0) }
    }

    /// The byte a one-letter escape (`\n`) stands for.
    private static func simpleEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        default: nil
        }
    }
}
