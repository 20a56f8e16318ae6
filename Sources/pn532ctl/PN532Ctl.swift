import JSONText
import ArgumentParser
import BuildInfo
import PN532ReaderSimulator
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The `pn532ctl` command: NFC tools for a PN532 reader on Linux.
@main
struct PN532Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pn532ctl",
        abstract: "NFC tools for a PN532 reader on Linux: NDEF, tags, door access, provisioning.",
        discussion: """
            Examples:
              pn532ctl scan --wait 10
              pn532ctl read --json
              pn532ctl help write
            """,
        version: BuildInfo.versionLine,
        subcommands: [
            NDEFCommand.self, InfoCommand.self, SelftestCommand.self, ScanCommand.self, RawCommand.self,
            ResetCommand.self, IdentifyCommand.self, ReadCommand.self, WriteCommand.self, DumpCommand.self, FormatCommand.self,
            LockCommand.self, ProtectCommand.self, UnprotectCommand.self, RestoreCommand.self, SimCommand.self, GPIOCommand.self,
            DoorCommand.self, TokenCommand.self, KeyCommand.self, FlashCommand.self, NTAG424Command.self, SunCommand.self,
            FleetCommand.self,
        ]
    )

    /// Runs the command; errors of our own carry their exit code and a message that says what
    /// to do, ArgumentParser's errors keep its exit codes (64 for bad usage). The simulator's
    /// device strings (`sim`, `sim-i2c`) are registered first.
    static func main() {
        SimulatorKind.register()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let json = ErrorReport.wantsJSON(arguments)
        if let message = UsageCorrections.unknownHelpTopic(in: arguments, root: Self.self) {
            fail(message, exitCode: ExitCode.usage.rawValue, json: json)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
            checkStandardOutput()
        } catch let error as CLIError {
            fail(error.message, exitCode: error.exitCode.rawValue, json: json, kind: error.kind)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure, fullMessage(for: error).contains("Missing "),
               let message = UsageCorrections.negativeNumber(in: arguments) {
                fail(message, exitCode: ExitCode.usage.rawValue, json: json)
            }
            // A report's own failure status (ExitCode) prints nothing more.
            if error is ExitCode { exit(withError: error) }
            if json, code != .success { fail(message(for: error), exitCode: code.rawValue, json: json) }
            report(fullMessage(for: error), exitCode: code.rawValue)
        }
    }

    /// Prints ArgumentParser's text for a help request, `--version` or a usage error, fitted
    /// to 80 columns (`HelpText`): on standard output when `exitCode` is 0, else on standard
    /// error, and exits with `exitCode`.
    static func report(_ text: String, exitCode: Int32) -> Never {
        if !text.isEmpty {
            let rendered = HelpText.render(text)
            if exitCode == 0 {
                print(rendered)
                checkStandardOutput()
            } else {
                StandardError.write(rendered + "\n")
            }
        }
        Glibc.exit(exitCode)
    }

    /// Reports `message` (as JSON with `--json`, of `kind` or the exit code's) and exits with `exitCode`.
    static func fail(_ message: String, exitCode: Int32, json: Bool, kind: ErrorKind? = nil) -> Never {
        if json {
            print(ErrorReport.json(message, exitCode: exitCode, kind: kind).text)
            checkStandardOutput()
        } else {
            StandardError.write("pn532ctl: \(message)\n")
        }
        Glibc.exit(exitCode)
    }

    /// Flushes standard output, where every command's report goes through `print`: a write
    /// that failed there (a full disk, `> /dev/full`) is an I/O error, exit 74, never a success.
    static func checkStandardOutput() {
        errno = 0
        guard fflush(nil) != 0 else { return }
        let reason = errno == 0 ? "write error" : Errno.latest.description
        StandardError.write("pn532ctl: cannot write standard output: \(reason)\n")
        Glibc.exit(ExitCode.ioError.rawValue)
    }
}
