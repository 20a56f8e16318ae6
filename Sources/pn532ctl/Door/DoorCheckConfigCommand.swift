import JSONText
import ArgumentParser
import DoorControl
import GPIO
import TOML

/// `pn532ctl door check-config [FILE]`: validates the door's configuration and prints it as it
/// takes effect.
struct DoorCheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check the door configuration and print the effective settings as TOML.",
        discussion: """
            Reads the file (board profile and built-in defaults applied), checks every key and \
            value, and checks that security.key_file exists, is private (mode 600) and holds at \
            least 16 bytes of 8 or more different values. Unsafe setups are refused (a user \
            with both uid and token = true, the published test originality key with a real \
            reader); weak ones are warned about on standard error (an ASCII key, v1 tokens \
            accepted, rolling_counter or require_genuine off with token users, an unchecked \
            clock). Then it checks what door run checks before it starts: the reader's device \
            string, the GPIO lines on the configured chip (when this machine has GPIO chips), \
            that a sysfs GPIO's export file can be written (/sys is read-only under the unit's \
            hardening), \
            the audit log's directory and the counter file (its directory; the file itself \
            unless it does not exist yet: a note says whether door run creates it or refuses). A \
            reader device the shipped pn532ctl-door.service does not allow gets a note with the \
            DeviceAllow= line it needs. Errors name the file, line and key. Exit status: 0 \
            valid (warnings and notes included), 65 an invalid configuration (also a line the \
            chip lacks), 66 a missing file, 69 a sysfs GPIO that cannot be written, 74 an audit or counter directory or file that \
            cannot be used, 77 a key file readable by others.

            Examples:
              pn532ctl door check-config door.toml --boards ./boards
              pn532ctl door check-config --config /etc/pn532ctl/door.toml
              pn532ctl door check-config --json
            """)

    @Argument(help: ArgumentHelp("The configuration file.", valueName: "FILE"), completion: .file())
    var fileArgument: String?

    @Option(help: ArgumentHelp("The configuration file, as door run and door release take it (or FILE).", valueName: "FILE"), completion: .file())
    var config: String?

    @Option(help: ArgumentHelp("Where board profiles are looked up first (then boards/ beside FILE, then /usr/share/pn532ctl/boards).", valueName: "DIR"), completion: .directory)
    var boards: String?

    @Flag(help: "Print JSON: file, users, hookSocket, notes, warnings and toml (the effective settings).")
    var json = false

    func validate() throws {
        if fileArgument != nil, config != nil { throw ValidationError("give the configuration as FILE or --config FILE, not both") }
    }

    /// The configuration file: FILE, `--config`, or the installed one.
    var file: String { fileArgument ?? config ?? "/etc/pn532ctl/door.toml" }

    func run() throws {
        let config: DoorConfig
        let key: [UInt8]?
        do {
            config = try DoorConfig.load(path: file, boardsDirectory: boards)
        } catch {
            throw CLIError(error)
        }
        let checked: DoorPreflight
        do throws(DoorError) {
            checked = try DoorPreflight(
                config, path: file, gpio: DoorLines.backend(config.gpio, clock: SystemGPIOClock()),
                newCounters: false, missingCountersAllowed: true)
        } catch {
            throw CLIError(error)
        }
        do {
            key = try config.security.keyFile.map { path throws(ConfigError) in try KeyFile.read(path) }
        } catch {
            throw CLIError(error)
        }
        let warnings = config.securityWarnings(key: key)
        if json {
            print(JSON.object([
                ("file", .string(file)), ("users", .int(config.users.count)), ("hookSocket", config.hooks.socket.map(JSON.string) ?? .null),
                ("notes", .array(checked.notes.map(JSON.string))), ("warnings", .array(warnings.map(JSON.string))),
                ("toml", .string(config.renderedTOML())),
            ]).text)
            return
        }
        print(config.renderedTOML(), terminator: "")
        for note in checked.notes { StandardError.write("\(file): note: \(note)\n") }
        for warning in warnings { StandardError.write("\(file): warning: \(warning)\n") }
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

extension CLIError {
    /// A door error with its exit status: a configuration error's (above), 65 a wrong value
    /// (or a polarity conflict of `door release`), 69 a sysfs GPIO that cannot be written, a
    /// GPIO failure's (`init(gpio:)`), 74 a file, directory, log, signal or socket that cannot be used.
    init(_ error: DoorError) {
        switch error {
        case .configuration(let config): self.init(config)
        case .device, .noChip, .lineNotOnChip, .releaseConflict: self = .data(error.description)
        case .sysfsNotWritable: self.init(message: error.description, exitCode: .unavailable)
        case let .line(_, _, gpio, _), let .inputs(gpio): self.init(message: error.description, exitCode: CLIError(gpio: gpio).exitCode)
        case .directory, .counters, .audit, .signals, .keep, .loop, .controlSocket: self = .io(error.description)
        }
    }
}
