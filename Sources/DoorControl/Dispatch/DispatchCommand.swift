/// A command to run for a presentation: a dispatch rule's program and arguments with `{uri}`,
/// `{text}` and `{uid}` replaced.
public struct DispatchCommand: Equatable, Sendable {
    /// The rule's index in `[[dispatch]]`.
    public var rule: Int
    /// The program (a path, or a name looked up in `PATH`) and its arguments, exactly as they
    /// will be passed: no shell sees them.
    public var arguments: [String]
    /// How long it may run before it is killed.
    public var timeout: Duration

    /// A command.
    public init(rule: Int, arguments: [String], timeout: Duration) {
        self.rule = rule
        self.arguments = arguments
        self.timeout = timeout
    }

    /// The commands `rules` ask for on `presentation`, in rule order: one per matching rule.
    ///
    /// A rule matches the first URI (or Text) record starting with its prefix; `{uri}` and
    /// `{text}` become that record's URI or text (for the other placeholder, the message's
    /// first record of that kind, or nothing), `{uid}` the UID in hex. Placeholders are
    /// replaced once: a `{uid}` inside a tag's URI stays as it is. A presentation with more
    /// than one tag dispatches nothing.
    public static func commands(for presentation: Presentation, rules: [DispatchRule]) -> [DispatchCommand] {
        guard !presentation.multipleTags else { return [] }
        let content = PresentedContent(presentation.message)
        return rules.enumerated().compactMap { index, rule in
            var uri = content.uris.first
            var text = content.texts.first
            switch rule.match {
            case .uriPrefix(let prefix):
                guard let matched = content.uris.first(where: { $0.utf8.starts(with: prefix.utf8) }) else { return nil }
                uri = matched
            case .textPrefix(let prefix):
                guard let matched = content.texts.first(where: { $0.utf8.starts(with: prefix.utf8) }) else { return nil }
                text = matched
            }
            let values = ["uri": uri ?? "", "text": text ?? "", "uid": UIDNotation.hex(presentation.uid, separator: "")]
            return DispatchCommand(rule: index, arguments: rule.command.map { substitute($0, values) }, timeout: rule.timeout)
        }
    }

    /// `argument` with each `{name}` whose name is in `values` replaced, in one pass.
    static func substitute(_ argument: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(argument)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let value = values[String(rest[afterOpen..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }
}
