/// A record value with placeholders, filled in per tag: `{uid}` (the tag's UID in hex),
/// `{seq}` (the tag's sequence number, from 1), `{col:NAME}` (column NAME of the tag's CSV
/// row). `{{` and `}}` stand for `{` and `}`.
struct FlashTemplate: Equatable {
    /// A piece of the template.
    enum Part: Equatable {
        case literal(String)
        case uid
        case seq
        case column(String)
    }

    /// The pieces, in order.
    let parts: [Part]

    /// What one tag fills in.
    struct Values {
        /// The UID in upper-case hex.
        var uid: String
        /// The sequence number, from 1.
        var seq: Int
        /// The CSV row's fields by column name; empty without `--csv`.
        var columns: [String: String]
    }

    /// Parses `text`.
    ///
    /// - Throws: a usage error for a `{` that is not closed, a lone `}`, or a placeholder
    ///   other than `{uid}`, `{seq}` and `{col:NAME}`.
    init(_ text: String) throws(CLIError) {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let character = rest.popFirst() {
            switch character {
            case "{" where rest.first == "{", "}" where rest.first == "}":
                literal.append(character)
                rest.removeFirst()
            case "{":
                guard let close = rest.firstIndex(of: "}") else {
                    throw .usage("'\(text)': a '{' is not closed (write {{ for a literal brace)")
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(try Self.placeholder(String(rest[..<close]), in: text))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw .usage("'\(text)': a '}' without '{' (write }} for a literal brace)")
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// The column names the template uses.
    var columns: [String] {
        parts.compactMap { if case .column(let name) = $0 { name } else { nil } }
    }

    /// True when the template has a placeholder.
    var hasPlaceholders: Bool {
        parts.contains { if case .literal = $0 { false } else { true } }
    }

    /// The text with the placeholders filled in; a column missing from `values` gives "".
    func render(_ values: Values) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .uid: values.uid
            case .seq: String(values.seq)
            case .column(let name): values.columns[name] ?? ""
            }
        }.joined()
    }

    private static func placeholder(_ name: String, in text: String) throws(CLIError) -> Part {
        switch name {
        case "uid": return .uid
        case "seq": return .seq
        case _ where name.hasPrefix("col:") && name.count > 4: return .column(String(name.dropFirst(4)))
        default: throw .usage("'\(text)': unknown placeholder {\(name)} (use {uid}, {seq} or {col:NAME})")
        }
    }
}
