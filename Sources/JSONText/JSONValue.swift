/// A JSON value whose object members keep the order they are given in, so that the text is
/// stable: the one JSON writer of the package (command output, audit log, hook events).
public enum JSONValue: Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Compact JSON text on one line: no white space between tokens, strings escaped by
    /// `JSONText.string`.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .string(let value): JSONText.append(value, to: &out)
        case .int(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                JSONText.append(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }
}
