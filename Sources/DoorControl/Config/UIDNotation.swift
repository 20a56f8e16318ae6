import Basics
import NFCCore

/// UIDs as configuration files write them: hex, colons between bytes optional, any case;
/// printed fixed-width, uppercase and colon-separated so a leading zero is never lost.
public enum UIDNotation {
    /// The identifier lengths of the card families the reader polls: ISO 14443-A's single,
    /// double and triple size UIDs (4, 7, 10), a type B PUPI and a Jewel's JEWELID (4), a
    /// FeliCa IDm (8).
    public static let lengths = [4, 7, 8, 10]

    /// `04:A2:2B:1A:5C:6E:80`.
    public static func format(_ uid: [UInt8]) -> String {
        hex(uid, separator: ":")
    }

    /// Every byte as two uppercase hex digits, `separator` between bytes.
    public static func hex(_ bytes: [UInt8], separator: String) -> String {
        Hex.encode(bytes, separator: separator)
    }

    /// True for a random 4-byte UID (`08…`, ISO/IEC 14443-3): a phone's or a random-ID card's,
    /// new at every presentation.
    public static func isRandom(_ uid: [UInt8]) -> Bool {
        uid.count == 4 && uid.first == 0x08
    }

    /// The forms a UID may be written in, for messages.
    public static let forms = "write it as hex, colons between bytes optional: 04A1B2C3D4E5F6 or 04:A1:B2:C3:D4:E5:F6"

    /// The bytes of `04A22B1A5C6E80` or `04:a2:2b:1a:5c:6e:80`, or why the text is not a UID
    /// and the forms it may take. Linear in the text's length, whatever it holds.
    public static func parse(_ text: String) -> Result<[UInt8], UIDNotationError> {
        let colon = UInt8(ascii: ":")
        if let stray = text.unicodeScalars.first(where: { !$0.isASCII || (Hex.digitValue(UInt8($0.value)) == nil && UInt8($0.value) != colon) }) {
            return .failure(UIDNotationError("has \(describe(stray)) where only hex digits and colons belong (\(forms))"))
        }
        let utf8 = Array(text.utf8)
        let digits: [UInt8]
        if utf8.contains(colon) {
            let groups = utf8.split(separator: colon, omittingEmptySubsequences: false)
            guard groups.allSatisfy({ $0.count == 2 }) else { return .failure(UIDNotationError("must have two hex digits between colons (\(forms))")) }
            digits = Array(groups.joined())
        } else {
            guard utf8.count.isMultiple(of: 2) else { return .failure(UIDNotationError("has an odd number of hex digits (\(forms))")) }
            digits = utf8
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for offset in stride(from: 0, to: digits.count - 1, by: 2) {
            guard let high = Hex.digitValue(digits[offset]), let low = Hex.digitValue(digits[offset + 1]) else { continue }
            bytes.append(high << 4 | low)
        }
        guard lengths.contains(bytes.count) else {
            return .failure(UIDNotationError("is \(bytes.count) bytes; a UID has 4, 7 or 10 (type A), 4 (type B, Jewel) or 8 (a FeliCa IDm)"))
        }
        return .success(bytes)
    }

    /// A character as a message names it: `a space`, `'+'`, `U+00E9`.
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": "a space"
        case "\t": "a tab"
        case "-": "a '-'"
        case _ where scalar.value > 0x20 && scalar.value < 0x7F: "'\(Character(scalar))'"
        default: "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count)) + String(scalar.value, radix: 16, uppercase: true)
        }
    }
}

/// Why a UID's text was refused.
public struct UIDNotationError: Error, Equatable, Sendable {
    /// The reason, to follow the UID in a message.
    public var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
