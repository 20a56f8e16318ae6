import JSONText

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

    /// A basic string in double quotes, with `"`, `\` and control characters escaped. TOML's
    /// basic-string escapes (`\"` `\\` `\b` `\t` `\n` `\f` `\r` `\u00XX`, DEL included) are
    /// JSON's, so the one JSON string writer spells it.
    public static func string(_ text: String) -> String {
        JSONText.string(text)
    }

    /// An array of strings on one line: `["a", "b"]`.
    public static func array(_ strings: [String]) -> String {
        "[" + strings.map(string).joined(separator: ", ") + "]"
    }
}
