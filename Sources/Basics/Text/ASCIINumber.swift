/// The one parser of whole numbers written in text from outside (a file, an argument, a device
/// string, the environment): ASCII digits of the radix and nothing else.
///
/// Unlike `Int(_:radix:)` it takes no sign (`+5`, `-0`), and unlike `Character.isNumber` or
/// `hexDigitValue` no digit from another script (`٣`, full-width `５`, `Ｆ`).
public enum ASCIINumber {
    /// The value of `text`, one or more ASCII digits of `radix` (2 to 16, hex digits in either
    /// case); nil for empty text, any other character, or a value that does not fit in `T`.
    public static func parse<T: FixedWidthInteger>(_ text: some StringProtocol, radix: Int = 10, as type: T.Type = T.self) -> T? {
        precondition((2...16).contains(radix), "radix \(radix) is not between 2 and 16")
        var value: T = 0
        var sawDigit = false
        for byte in text.utf8 {
            guard let digit = Hex.digitValue(byte), Int(digit) < radix else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: T(radix))
            let (sum, carry) = shifted.addingReportingOverflow(T(digit))
            guard !overflow, !carry else { return nil }
            value = sum
            sawDigit = true
        }
        return sawDigit ? value : nil
    }

    /// True when `byte` is an ASCII digit of `radix` (2 to 16).
    public static func isDigit(_ byte: UInt8, radix: Int = 10) -> Bool {
        Hex.digitValue(byte).map { Int($0) < radix } ?? false
    }
}
