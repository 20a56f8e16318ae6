/// The one hexadecimal text codec: upper-case digits out, either case in.
public enum Hex {
    private static let digits = Array("0123456789ABCDEF".utf8)

    /// `bytes` as two upper-case hex digits a byte, `separator` between bytes:
    /// `D1010A`, or `D1 01 0A` with a space, `04:A2:2B` with a colon.
    public static func encode(_ bytes: some Sequence<UInt8>, separator: String = "") -> String {
        let separator = Array(separator.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * (2 + separator.count))
        for byte in bytes {
            if !text.isEmpty { text += separator }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The value of one ASCII hex digit in either case, nil for any other byte.
    public static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The bytes of text that is hex digit pairs and nothing else; nil for an odd count of
    /// digits or any other character.
    public static func bytes(_ text: some StringProtocol) -> [UInt8]? {
        try? bytes(text, skipping: [])
    }

    /// The bytes of hex text in which the bytes of `separators` (e.g. white space and `:`) may
    /// stand anywhere between digits.
    ///
    /// - Throws: `HexTextError` naming the first character that is not a hex digit (its
    ///   1-based position among the text's characters), or saying the digits are odd in number.
    public static func bytes(_ text: some StringProtocol, skipping separators: Set<Character>) throws(HexTextError) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        for (position, character) in text.enumerated() {
            if separators.contains(character) { continue }
            guard let ascii = character.asciiValue, let value = digitValue(ascii) else {
                throw .notADigit(character, position: position + 1)
            }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        guard high == nil else { throw .oddDigitCount }
        return bytes
    }

    /// White space and `:`, the separators people put between hex bytes.
    public static let commonSeparators: Set<Character> = [" ", "\t", "\n", "\r", "\r\n", ":"]

    /// True when `bytes` are all hex digits, white space or `:` and hold at least one digit:
    /// text that was meant as hex.
    public static func looksLikeHex(_ bytes: [UInt8]) -> Bool {
        var sawDigit = false
        for byte in bytes {
            if digitValue(byte) != nil {
                sawDigit = true
            } else if ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ":")].contains(byte) {
                return false
            }
        }
        return sawDigit
    }
}

/// Why text is not hex.
public enum HexTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The character at 1-based `position` is not a hex digit.
    case notADigit(Character, position: Int)
    /// An odd number of hex digits: each byte needs two.
    case oddDigitCount

    public var description: String {
        switch self {
        case let .notADigit(character, position): "character \(position) '\(character)' is not a hex digit"
        case .oddDigitCount: "an odd number of hex digits (each byte needs two)"
        }
    }
}

/// Upper-case hex bytes separated by spaces (`D4 4A 01 00`), for descriptions and traces.
public func hexText(_ bytes: some Sequence<UInt8>) -> String {
    Hex.encode(bytes, separator: " ")
}

/// One byte as `0x` and two upper-case hex digits: `0x4B`.
public func hexByte(_ byte: UInt8) -> String {
    "0x" + Hex.encode(CollectionOfOne(byte))
}
