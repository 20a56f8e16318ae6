/// Writing TOML: keys and strings spelled so that the parser reads them back unchanged.
public enum TOMLFormat {
    /// A key: bare when it can be (`relay`, `exit_button`), quoted otherwise.
    public static func key(_ name: String) -> String {
        let bare = !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
        return bare ? name : string(name)
    }

    /// A basic string in double quotes, with `"`, `\` and control characters escaped.
    public static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// An array of strings on one line: `["a", "b"]`.
    public static func array(_ strings: [String]) -> String {
        "[" + strings.map(string).joined(separator: ", ") + "]"
    }
}
