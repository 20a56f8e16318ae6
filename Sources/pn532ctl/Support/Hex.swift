/// Hexadecimal text for bytes, as the command line prints and reads it.
enum Hex {
    private static let digits = Array("0123456789ABCDEF".utf8)

    /// Upper-case hex, no separators: `D1010A`.
    static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses hex digits in either case; white space and `:` between bytes are ignored.
    ///
    /// - Throws: a data error naming the first character that is not a hex digit, or saying
    ///   that the digits are odd in number.
    static func decode(_ text: String) throws(CLIError) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        for (position, character) in text.enumerated() {
            if character.isWhitespace || character == ":" { continue }
            guard let value = character.hexDigitValue else {
                throw .data("hex input: character \(position + 1) '\(character)' is not a hex digit")
            }
            if let first = high {
                bytes.append(first << 4 | UInt8(value))
                high = nil
            } else {
                high = UInt8(value)
            }
        }
        guard high == nil else {
            throw .data("hex input: an odd number of hex digits (each byte needs two)")
        }
        return bytes
    }

    /// True when `bytes` are all hex digits, white space or `:` and hold at least one digit.
    static func looksLikeHex(_ bytes: [UInt8]) -> Bool {
        var sawDigit = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                sawDigit = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
                UInt8(ascii: ":"):
                continue
            default:
                return false
            }
        }
        return sawDigit
    }
}
