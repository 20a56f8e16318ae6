import ArgumentParser
import DaemonKit
import DoorHooks
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl door hooks`: the hook runner, in its own unprivileged unit.
struct DoorHooksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hooks",
        abstract: "Run hooks for the door's events, outside the door's privileges.",
        discussion: """
            Receives the door's events (one JSON datagram per decided presentation, sent by \
            door run to hooks.socket without ever waiting) on the socket FILE names, acting \
            only on datagrams the kernel says come from door_user's uid (SO_PASSCRED), and runs \
            the [[hook]] rules whose uri_prefix or text_prefix the tag's first URI or text \
            starts with: only for granted users unless a rule says anyone = true, never during \
            the door's or the tag's lockout, at most max_running at once, per_minute a minute \
            for granted tags and denied_per_minute for denied ones. A hook runs as run_as \
            (privileges dropped before exec), without a shell, with the configured arguments \
            only; the tag's values reach it in \
            PN532_UID, PN532_DECISION, PN532_USER, PN532_RULE, PN532_REASON, PN532_URI and \
            PN532_TEXT (its whole environment, with PATH and LANG) and as the JSON event on \
            standard input. At its timeout the hook's process group is killed, and any \
            process a hook left behind (a setsid child) is killed as soon as it is orphaned.

            Exit status: 0 after SIGTERM, 130 after SIGINT, 65 an invalid file (or door_user or \
            run_as naming no account, or run_as naming root, the runner's or the door's), 66 a \
            missing file, 74 a socket that cannot be made.

            Examples:
              pn532ctl door hooks --config /etc/pn532ctl-hooks/hooks.toml
            """)

    @Option(help: ArgumentHelp("The hook runner's file.", valueName: "FILE"), completion: .file())
    var config = "/etc/pn532ctl-hooks/hooks.toml"

    @Flag(help: "Also log events that run no hook.")
    var verbose = false

    func run() throws {
        let service = HookService(configPath: config, log: OperationalLog(threshold: verbose ? .debug : .info))
        let signal: Int32
        do throws(HookServiceError) { signal = try service.run() } catch {
            switch error {
            case .signals: throw CLIError.io(error.description)
            case .configuration(let config): throw CLIError(config)
            case .socket(let socket): throw CLIError(message: error.description, exitCode: socket.code == .permissionDenied || socket.code == .notPermitted ? ExitCode(77) : .ioError)
            case .noAccount, .sharedAccount: throw CLIError(message: error.description, exitCode: .dataError)
            }
        }
        if signal == SIGINT { throw ExitCode(130) }
    }
}
