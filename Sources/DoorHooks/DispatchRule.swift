/// `[[hook]]`: a command run for tags whose NDEF matches, as phones hand a tag's URI to
/// an app. Dispatch never opens the door.
public struct DispatchRule: Equatable, Sendable {
    /// What the tag's NDEF must hold.
    public enum Match: Equatable, Sendable {
        /// A URI record starting with this.
        case uriPrefix(String)
        /// A Text record starting with this.
        case textPrefix(String)
    }

    /// The match.
    public var match: Match
    /// The program and its arguments, run without a shell, exactly as written: the tag's
    /// values reach it in `PN532_*` variables and on standard input.
    public var command: [String]
    /// The command's whole tree is killed after this long.
    public var timeout: Duration
    /// Runs for denied tags too (by default only for granted users).
    public var anyone: Bool

    /// A hook rule.
    public init(match: Match, command: [String], timeout: Duration = .seconds(5), anyone: Bool = false) {
        self.match = match
        self.command = command
        self.timeout = timeout
        self.anyone = anyone
    }
}
