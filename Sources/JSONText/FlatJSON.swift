import Basics

/// The flat JSON reader, for the audit log's lines and hook events: one object whose values are strings,
/// numbers, booleans or null. Nested objects and arrays are checked and skipped, so lines
/// from a later version with more keys still read.
package enum FlatJSON {
    /// A member's value.
    package enum Value: Equatable {
        case string(String)
        /// The number as written.
        case number(String)
        case bool(Bool)
        case null
        /// An object or array, not kept.
        case nested
    }

    /// Why a line is not a flat JSON object, and at which byte.
    package struct ParseError: Error, Equatable, CustomStringConvertible {
        package var offset: Int
        package var reason: String

        package var description: String { "byte \(offset): \(reason)" }
    }

    /// The members of the object in `text`; duplicate keys are an error.
    package static func object(_ text: some StringProtocol) throws(ParseError) -> [String: Value] {
        var parser = Parser(Array(text.utf8))
        return try parser.topLevelObject()
    }

    private static let maximumDepth = 32

    private struct Parser {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func topLevelObject() throws(ParseError) -> [String: Value] {
            skipSpace()
            try expect("{")
            var members: [String: Value] = [:]
            skipSpace()
            if peek == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipSpace()
                    let keyOffset = index
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    let value = try value(depth: 1)
                    guard members.updateValue(value, forKey: key) == nil else {
                        throw ParseError(offset: keyOffset, reason: "key \"\(key)\" appears twice")
                    }
                    skipSpace()
                    if peek == UInt8(ascii: ",") { index += 1; continue }
                    try expect("}")
                    break
                }
            }
            skipSpace()
            guard index == bytes.count else { throw failure("text after the object") }
            return members
        }

        private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        private func failure(_ reason: String) -> ParseError {
            ParseError(offset: index, reason: reason)
        }

        private mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        private mutating func expect(_ character: Unicode.Scalar) throws(ParseError) {
            guard peek == UInt8(ascii: character) else {
                throw failure(peek == nil ? "the line ends where \"\(character)\" was expected" : "expected \"\(character)\"")
            }
            index += 1
        }

        private mutating func value(depth: Int) throws(ParseError) -> Value {
            skipSpace()
            guard let byte = peek else { throw failure("the line ends where a value was expected") }
            switch byte {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try skipNested(depth: depth)
                return .nested
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw failure("not a JSON value")
            }
        }

        private mutating func literal(_ word: String) throws(ParseError) {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw failure("not a JSON value")
            }
            index += expected.count
        }

        private mutating func number() throws(ParseError) -> String {
            let start = index
            if peek == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw failure("a number needs digits") }
            if peek == UInt8(ascii: ".") {
                index += 1
                guard try digits() > 0 else { throw failure("a fraction needs digits") }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                guard try digits() > 0 else { throw failure("an exponent needs digits") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        private mutating func digits() throws(ParseError) -> Int {
            let start = index
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - start
        }

        private mutating func skipNested(depth: Int) throws(ParseError) {
            guard depth < FlatJSON.maximumDepth else { throw failure("values nested too deeply") }
            let isObject = peek == UInt8(ascii: "{")
            let close: Unicode.Scalar = isObject ? "}" : "]"
            index += 1
            skipSpace()
            if peek == UInt8(ascii: close) { index += 1; return }
            while true {
                skipSpace()
                if isObject {
                    _ = try string()
                    skipSpace()
                    try expect(":")
                }
                _ = try value(depth: depth + 1)
                skipSpace()
                if peek == UInt8(ascii: ",") { index += 1; continue }
                try expect(close)
                return
            }
        }

        private mutating func string() throws(ParseError) -> String {
            try expect("\"")
            var text: [UInt8] = []
            while true {
                guard let byte = peek else { throw failure("the line ends inside a string") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let decoded = String(validating: text, as: UTF8.self) else {
                        throw failure("a string is not valid UTF-8")
                    }
                    return decoded
                case UInt8(ascii: "\\"):
                    try escape(into: &text)
                case 0..<0x20:
                    index -= 1
                    throw failure("a control character inside a string must be escaped")
                default:
                    text.append(byte)
                }
            }
        }

        private mutating func escape(into text: inout [UInt8]) throws(ParseError) {
            guard let byte = peek else { throw failure("the line ends inside an escape") }
            index += 1
            let simple: UInt8? = switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
            if let simple {
                text.append(simple)
                return
            }
            guard byte == UInt8(ascii: "u") else { throw failure("unknown escape \\\(Unicode.Scalar(byte))") }
            var value = try hexQuad()
            if (0xD800..<0xDC00).contains(value) {
                guard peek == UInt8(ascii: "\\") else { throw failure("a high surrogate without its low half") }
                index += 1
                try expect("u")
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a high surrogate without its low half") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw failure("a lone low surrogate") }
            text.append(contentsOf: Array(String(Character(scalar)).utf8))
        }

        private mutating func hexQuad() throws(ParseError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek, let digit = Hex.digitValue(byte) else {
                    throw failure("\\u needs four hex digits")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
