/// JSON strings, escaped once for every writer.
public enum JSONText {
    /// `text` as a JSON string: quotes and backslashes escaped, line feed, carriage return,
    /// tab, backspace and form feed as `\n` `\r` `\t` `\b` `\f`, the other control characters
    /// and DEL as `\u00XX` (upper-case hex); everything else, non-ASCII included, as it is
    /// (JSON text is UTF-8). The audit log's hash chain depends on these bytes: do not change them.
    public static func string(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }

    /// Appends `text` as a JSON string to `out`.
    public static func append(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
