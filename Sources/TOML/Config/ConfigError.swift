/// Why a configuration file (a door's, its key file, the hook runner's) was refused: the file,
/// line and key it is about, and what is wrong.
///
/// `description` reads `door.toml:12: relay.pulse: must be between 0.1 and 600 seconds, not 0`.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure, which decides the command line's exit status.
    public enum Kind: Equatable, Sendable {
        /// The file holds something wrong: syntax, a value, a missing or unknown key (65).
        case invalid
        /// The file does not exist (66).
        case missingFile
        /// The file cannot be read for lack of permission, or a key file is open to
        /// group or others (77).
        case permission
        /// Reading failed for another reason (74).
        case unreadable
    }

    /// What kind of failure.
    public var kind: Kind
    /// The file the problem is in, when there is one.
    public var file: String?
    /// The 1-based line, when the problem has one.
    public var line: Int?
    /// The 1-based column, for syntax errors.
    public var column: Int?
    /// The key path (`relay.pulse`, `users[1].uid[0]`), when the problem is about a key.
    public var key: String?
    /// What is wrong and, where it helps, what to do.
    public var message: String

    /// An error.
    public init(_ kind: Kind = .invalid, file: String? = nil, line: Int? = nil, column: Int? = nil, key: String? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    /// `FILE:LINE[:COLUMN]: KEY: message`, leaving out the parts it does not have.
    public var description: String {
        var location = file ?? ""
        if let line {
            location += (location.isEmpty ? "line " : ":") + String(line)
            if let column { location += ":" + String(column) }
        }
        return [location, key ?? "", message].filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
