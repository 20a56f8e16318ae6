import TOML

/// `[[hook]]` of the hook runner's file: commands run for tags whose URI or text starts with a
/// prefix.
enum HookRules {
    /// The placeholders commands held before hooks left the door; now refused, naming the
    /// variable that carries the value.
    static let placeholders = ["uri": "PN532_URI", "text": "PN532_TEXT", "uid": "PN532_UID"]

    /// The `[[hook]]` rules of a hook file whose root is `root`.
    static func decode(_ root: ConfigSection) throws(ConfigError) -> [DispatchRule] {
        var rules: [DispatchRule] = []
        for section in try root.sections("hook") {
            try section.checkKeys(["uri_prefix", "text_prefix", "command", "timeout", "anyone"])
            let match: DispatchRule.Match
            switch (try section.text("uri_prefix"), try section.text("text_prefix")) {
            case let (uri?, nil): match = .uriPrefix(uri)
            case let (nil, text?): match = .textPrefix(text)
            case (nil, nil): throw section.missing("uri_prefix", "give uri_prefix or text_prefix")
            case (_?, _?): throw section.error("text_prefix", "give uri_prefix or text_prefix, not both", at: section["text_prefix"])
            }
            guard let commandValue = section["command"] else {
                throw section.missing("command", "the program and its arguments, such as [\"/usr/local/bin/hook\", \"--from-door\"]")
            }
            guard case .array = commandValue.kind, let command = try section.strings("command") else {
                throw section.typeError("command", commandValue, expected: "an array: the program and its arguments")
            }
            guard let program = command.first else { throw section.error("command", "must name a program", at: section["command"]) }
            guard program.text.hasPrefix("/") else {
                throw section.error("command[0]", "must be an absolute path (commands run without a shell or PATH), not \(TOMLFormat.string(program.text))", at: program.value)
            }
            for (index, (argument, value)) in command.enumerated() {
                if let name = placeholder(in: argument), let variable = placeholders[name] {
                    throw section.error("command[\(index)]", "{\(name)} is not replaced: values never go into arguments; the hook reads $\(variable) (or the JSON event on standard input)", at: value)
                }
            }
            rules.append(DispatchRule(
                match: match, command: command.map(\.text), timeout: try section.seconds("timeout", in: 0.1...300) ?? .seconds(5),
                anyone: try section.bool("anyone") ?? false))
        }
        return rules
    }

    /// The first `{name}` in `argument` (a word in braces) that was a placeholder.
    private static func placeholder(in argument: String) -> String? {
        var rest = argument[...]
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { return nil }
            let name = String(after[..<close])
            let isWord = !name.isEmpty && name.allSatisfy { $0.isLetter || $0 == "_" }
            if isWord, placeholders[name] != nil { return name }
            rest = after[after.index(after: close)...]
        }
        return nil
    }
}
