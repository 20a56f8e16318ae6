import ArgumentParser
import DoorControl

/// `pn532ctl door check-config [FILE]`: validates the door's configuration and prints it as it
/// takes effect.
struct DoorCheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check the door configuration and print the effective settings as TOML.",
        discussion: """
            Reads the file (board profile and built-in defaults applied), checks every key and
            value, and checks that security.key_file exists, is private (mode 600) and holds at
            least 16 bytes. Errors name the file, line and key. Exit status: 0 valid, 65 an
            invalid configuration, 66 a missing file, 77 a key file readable by others.
            """)

    @Argument(help: ArgumentHelp("The configuration file.", valueName: "FILE"))
    var file = "/etc/pn532ctl/door.toml"

    @Option(help: ArgumentHelp("Where board profiles are looked up first (then boards/ beside FILE, then /usr/share/pn532ctl/boards).", valueName: "DIR"))
    var boards: String?

    func run() throws {
        let config: DoorConfig
        do {
            config = try DoorConfig.load(path: file, boardsDirectory: boards)
            _ = try DoorPolicy(loading: config, from: file)
        } catch {
            throw CLIError(error)
        }
        print(config.renderedTOML(), terminator: "")
        let users = config.users.count
        let hooks = config.hooks.socket.map { ", hook events to \($0)" } ?? ""
        StandardError.write("\(file): configuration OK (\(users) user\(users == 1 ? "" : "s")\(hooks))\n")
    }
}

extension CLIError {
    /// A configuration error with its exit status: 65 invalid, 66 missing, 77 permission, 74 I/O.
    init(_ error: ConfigError) {
        let code: ExitCode = switch error.kind {
        case .invalid: .dataError
        case .missingFile: .noInput
        case .permission: ExitCode(77)
        case .unreadable: .ioError
        }
        self.init(message: error.description, exitCode: code)
    }
}
