/// A record value with placeholders, filled in per tag: `{uid}` (the tag's UID in hex),
/// `{seq}` (the tag's sequence number, from 1), `{col:NAME}` (column NAME of the tag's CSV
/// row). `{{` and `}}` stand for `{` and `}`.
public struct FlashTemplate: Equatable, Sendable {
    /// A piece of the template.
    public enum Part: Equatable, Sendable {
        /// Text as it is.
        case literal(String)
        /// The tag's UID in hex.
        case uid
        /// The tag's sequence number.
        case seq
        /// A column of the tag's CSV row.
        case column(String)
    }

    /// The pieces, in order.
    public let parts: [Part]

    /// What one tag fills in.
    public struct Values: Sendable {
        /// The UID in upper-case hex.
        public var uid: String
        /// The sequence number, from 1.
        public var seq: Int
        /// The CSV row's fields by column name; empty without `--csv`.
        public var columns: [String: String]

        /// The values of the tag with `uid` (upper-case hex), number `seq`, with CSV row `columns`.
        public init(uid: String, seq: Int, columns: [String: String]) {
            self.uid = uid
            self.seq = seq
            self.columns = columns
        }
    }

    /// Parses `text`.
    ///
    /// - Throws: `ProvisioningError.template` for a `{` that is not closed, a lone `}`, or a
    ///   placeholder other than `{uid}`, `{seq}` and `{col:NAME}`.
    public init(_ text: String) throws(ProvisioningError) {
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
                    throw .template(text, .unclosedBrace)
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(try Self.placeholder(String(rest[..<close]), in: text))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw .template(text, .loneClosingBrace)
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// The column names the template uses.
    public var columns: [String] {
        parts.compactMap { if case .column(let name) = $0 { name } else { nil } }
    }

    /// True when the template has a placeholder.
    public var hasPlaceholders: Bool {
        parts.contains { if case .literal = $0 { false } else { true } }
    }

    /// The text with the placeholders filled in; a column missing from `values` gives "".
    public func render(_ values: Values) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .uid: values.uid
            case .seq: String(values.seq)
            case .column(let name): values.columns[name] ?? ""
            }
        }.joined()
    }

    private static func placeholder(_ name: String, in text: String) throws(ProvisioningError) -> Part {
        switch name {
        case "uid": return .uid
        case "seq": return .seq
        case _ where name.hasPrefix("col:") && name.count > 4: return .column(String(name.dropFirst(4)))
        default: throw .template(text, .unknownPlaceholder(name))
        }
    }
}
