/// A JSON value as the test reads it: numbers keep whether they were written as integers, so
/// `integer` and `boolean` are told apart exactly (no Foundation bridging).
indirect enum JSONDocument: Equatable {
    case null
    case bool(Bool)
    case number(Double, integer: Bool)
    case string(String)
    case array([JSONDocument])
    case object([String: JSONDocument])

    /// Parses one JSON text (RFC 8259; a key given twice is an error, as it would hide a value).
    init(parsing text: String) throws(JSONSchemaProblem) {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        self = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.scalars.count else { throw parser.problem("text after the value") }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        func problem(_ what: String) -> JSONSchemaProblem { JSONSchemaProblem("at \(index): \(what)") }

        mutating func skipSpace() {
            while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
        }

        mutating func value() throws(JSONSchemaProblem) -> JSONDocument {
            skipSpace()
            guard index < scalars.count else { throw problem("the text ends") }
            switch scalars[index] {
            case "{": return try object()
            case "[": return try array()
            case "\"": return .string(try string())
            case "t": try literal("true"); return .bool(true)
            case "f": try literal("false"); return .bool(false)
            case "n": try literal("null"); return .null
            default: return try number()
            }
        }

        mutating func literal(_ word: String) throws(JSONSchemaProblem) {
            for scalar in word.unicodeScalars {
                guard index < scalars.count, scalars[index] == scalar else { throw problem("expected \(word)") }
                index += 1
            }
        }

        mutating func number() throws(JSONSchemaProblem) -> JSONDocument {
            let start = index
            while index < scalars.count, "-+.eE0123456789".unicodeScalars.contains(scalars[index]) { index += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            guard let value = Double(text) else { throw problem("not a value: \(text)") }
            return .number(value, integer: !text.contains(where: { ".eE".contains($0) }))
        }

        mutating func string() throws(JSONSchemaProblem) -> String {
            index += 1
            var out = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\"": return String(out)
                case "\\":
                    guard index < scalars.count else { throw problem("the string ends in an escape") }
                    let escaped = scalars[index]
                    index += 1
                    switch escaped {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    case "b": out.append("\u{08}")
                    case "f": out.append("\u{0C}")
                    case "u":
                        guard index + 4 <= scalars.count, let code = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16)
                        else { throw problem("a bad \\u escape") }
                        index += 4
                        out.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: out.append(escaped)
                    }
                default:
                    guard scalar.value >= 0x20 else { throw problem("a control character in a string") }
                    out.append(scalar)
                }
            }
            throw problem("the string does not end")
        }

        mutating func array() throws(JSONSchemaProblem) -> JSONDocument {
            index += 1
            var items: [JSONDocument] = []
            skipSpace()
            if index < scalars.count, scalars[index] == "]" { index += 1; return .array(items) }
            while true {
                items.append(try value())
                skipSpace()
                guard index < scalars.count else { throw problem("the array does not end") }
                index += 1
                if scalars[index - 1] == "]" { return .array(items) }
                guard scalars[index - 1] == "," else { throw problem("expected , or ]") }
            }
        }

        mutating func object() throws(JSONSchemaProblem) -> JSONDocument {
            index += 1
            var members: [String: JSONDocument] = [:]
            skipSpace()
            if index < scalars.count, scalars[index] == "}" { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard index < scalars.count, scalars[index] == "\"" else { throw problem("expected a key") }
                let key = try string()
                skipSpace()
                guard index < scalars.count, scalars[index] == ":" else { throw problem("expected :") }
                index += 1
                guard members[key] == nil else { throw problem("the key \(key) twice") }
                members[key] = try value()
                skipSpace()
                guard index < scalars.count else { throw problem("the object does not end") }
                index += 1
                if scalars[index - 1] == "}" { return .object(members) }
                guard scalars[index - 1] == "," else { throw problem("expected , or }") }
            }
        }
    }
}

/// What is wrong with a document or a schema, with where.
struct JSONSchemaProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The subset of JSON Schema (draft 2020-12) that pn532ctl's schema uses, checked strictly:
/// `type` (a name or a list), `required`, `properties`, `additionalProperties: false`,
/// `items`, `enum`, `anyOf` and `$ref` to `#/$defs/NAME`. A keyword outside the subset is a
/// problem of the schema, never ignored.
struct JSONSchemaCheck {
    /// The whole schema document.
    let root: JSONDocument

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
    private static let keywords: Set<String> = ["type", "required", "properties", "additionalProperties", "items", "enum", "anyOf", "$ref"]

    /// The problems of `value` against the definition `name` (`#/$defs/NAME`), or against the
    /// whole schema when `name` is nil; empty when it is valid.
    func problems(_ value: JSONDocument, definition name: String? = nil) -> [String] {
        let schema = name.map { JSONDocument.object(["$ref": .string("#/$defs/\($0)")]) } ?? root
        return problems(value, schema, at: "$")
    }

    private func problems(_ value: JSONDocument, _ schema: JSONDocument, at path: String) -> [String] {
        guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
        var found: [String] = []
        for key in keywords.keys where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
            found.append("\(path): the schema keyword \(key) is not in the subset checked")
        }
        if case .string(let reference)? = keywords["$ref"] {
            guard let target = resolve(reference) else { return found + ["\(path): no \(reference) in the schema"] }
            found += problems(value, target, at: path)
        }
        if case .array(let choices)? = keywords["anyOf"] {
            let results = choices.map { problems(value, $0, at: path) }
            if !results.contains(where: \.isEmpty) {
                let closest = results.min { $0.count < $1.count } ?? []
                found.append("\(path): matches none of anyOf; the closest: \(closest.joined(separator: "; "))")
            }
        }
        if let type = keywords["type"] {
            let names: [String] = switch type {
            case .string(let name): [name]
            case .array(let items): items.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: []
            }
            if !names.contains(where: { Self.has(value, type: $0) }) {
                found.append("\(path): \(Self.summary(value)) is not of type \(names.joined(separator: " or "))")
            }
        }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(value) {
            found.append("\(path): \(Self.summary(value)) is not one of the allowed values")
        }
        if case .object(let members) = value {
            if case .array(let required)? = keywords["required"] {
                for case .string(let key) in required where members[key] == nil { found.append("\(path): no key \(key)") }
            }
            let properties: [String: JSONDocument] = if case .object(let given)? = keywords["properties"] { given } else { [:] }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    found += problems(member, property, at: "\(path).\(key)")
                } else if keywords["additionalProperties"] == .bool(false) {
                    found.append("\(path): the key \(key) is not in the schema")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = keywords["items"] {
            for (index, item) in items.enumerated() { found += problems(item, itemSchema, at: "\(path)[\(index)]") }
        }
        return found
    }

    private func resolve(_ reference: String) -> JSONDocument? {
        guard reference.hasPrefix("#/$defs/"), case .object(let root) = root, case .object(let definitions)? = root["$defs"] else { return nil }
        return definitions[String(reference.dropFirst("#/$defs/".count))]
    }

    private static func has(_ value: JSONDocument, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number): true
        case ("integer", .number(_, let integer)): integer
        default: false
        }
    }

    private static func summary(_ value: JSONDocument) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number, _): "\(number)"
        case .string(let text): "\"\(text.prefix(40))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
