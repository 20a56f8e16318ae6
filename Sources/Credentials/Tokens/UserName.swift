/// The rule a user's name follows wherever it is given: the configuration's `users[].name`,
/// `token issue --user`, and `flash --token-user` or its CSV column. A name is printed in
/// logs and on terminals and carried in tokens, so it holds no control characters (C0, DEL,
/// C1), no format characters (general category Cf: bidirectional controls, zero-width
/// characters, which make a log line show another name or order), no line or paragraph
/// separators (U+2028, U+2029) and no U+FFFD (what bytes that are not UTF-8 become), and fits
/// a token's length byte.
public enum UserName {
    /// The most bytes of UTF-8 a name may have (tokens carry it).
    public static let maximumLength = 64

    /// Why `name` cannot be a user's name, nil when it can.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "must not be empty" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "must not contain control characters" }
        if let scalar = name.unicodeScalars.first(where: { spoofing($0) != nil }), let kind = spoofing(scalar) {
            return "must not contain \(kind) \(notation(scalar)) (it makes logs and terminals show another name)"
        }
        if name.unicodeScalars.contains("\u{FFFD}") { return "must be valid UTF-8 (it holds U+FFFD, what bytes that are not UTF-8 become)" }
        if name.utf8.count > maximumLength { return "must be at most \(maximumLength) bytes (tokens carry it)" }
        return nil
    }

    /// What `scalar` is when it hides or rearranges text: a format character, a line or a
    /// paragraph separator; nil for any other.
    private static func spoofing(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.properties.generalCategory {
        case .format: "the format character"
        case .lineSeparator: "the line separator"
        case .paragraphSeparator: "the paragraph separator"
        default: nil
        }
    }

    /// `U+202E`: the scalar's code point, four hex digits or more.
    private static func notation(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
