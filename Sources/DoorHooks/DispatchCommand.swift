import DoorRecords

/// A hook to run for an event: a rule's program and arguments exactly as configured, the
/// event's values in its environment and as JSON on its standard input. Nothing from a tag
/// ever becomes an argument, so no value can be read as an option.
public struct DispatchCommand: Equatable, Sendable {
    /// The rule's index in the hook file.
    public var rule: Int
    /// The program (an absolute path, or a name looked up in the runner's `PATH`) and its
    /// arguments, as configured: no shell sees them.
    public var arguments: [String]
    /// How long it may run before its whole tree is killed.
    public var timeout: Duration
    /// The whole environment of the program (`NAME=value`): nothing is inherited.
    public var environment: [String]
    /// What the program reads on standard input (at most a pipe's capacity; empty: /dev/null).
    public var input: [UInt8]

    /// The path a hook's `PATH` holds.
    public static let path = "/usr/local/bin:/usr/bin:/bin"

    /// A command.
    public init(rule: Int, arguments: [String], timeout: Duration, environment: [String] = [], input: [UInt8] = []) {
        self.rule = rule
        self.arguments = arguments
        self.timeout = timeout
        self.environment = environment
        self.input = input
    }

    /// The hooks `rules` ask for on `event`, in rule order: one per rule whose prefix the
    /// event's URI (or text) starts with. None while the door or this tag is locked out, and
    /// none for a denied tag unless the rule says `anyone = true`.
    public static func commands(for event: HookEvent, rules: [DispatchRule]) -> [DispatchCommand] {
        guard !event.lockout, !event.tagLockout else { return [] }
        let environment = ["PATH=\(path)", "LANG=C.UTF-8"] + event.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(clean($0.value))" }
        let input = Array((event.json + "\n").utf8)
        return rules.enumerated().compactMap { index, rule in
            guard event.granted || rule.anyone else { return nil }
            switch rule.match {
            case .uriPrefix(let prefix):
                guard let uri = event.uri, uri.utf8.starts(with: prefix.utf8) else { return nil }
            case .textPrefix(let prefix):
                guard let text = event.text, text.utf8.starts(with: prefix.utf8) else { return nil }
            }
            return DispatchCommand(rule: index, arguments: rule.command, timeout: rule.timeout, environment: environment, input: input)
        }
    }

    /// A value fit for an environment variable: NUL bytes (which would end it) become U+FFFD.
    static func clean(_ value: String) -> String {
        value.contains("\u{0}") ? String(value.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }) : value
    }
}
