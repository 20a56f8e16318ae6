/// Writing CSV: fields quoted only when they need it, so that every row reads back as written.
public enum CSVLine {
    /// One row: fields joined by commas, ended by a line feed. A field holding a comma, a
    /// quote or a line break, or starting with a byte order mark (which a reader drops at the
    /// start of a file), is put in quotes, its quotes doubled. A row of one empty field is
    /// written `""` (an empty line would be a blank line, which a reader skips).
    public static func make(_ fields: [String]) -> String {
        if fields == [""] { return "\"\"\n" }
        return fields.map(quoted).joined(separator: ",") + "\n"
    }

    /// Looks at Unicode scalars, as the reader does, not at characters: a quote followed by a
    /// combining mark is one character but still a quote to the reader.
    private static func quoted(_ field: String) -> String {
        let needsQuotes =
            field.unicodeScalars.first == "\u{FEFF}"
            || field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return field }
        var out = "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" { out.unicodeScalars.append(scalar) }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }
}
