import ArgumentParser
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
        version: "0.1.0",
        subcommands: [
            NDEFCommand.self, InfoCommand.self, SelftestCommand.self, ScanCommand.self, RawCommand.self,
            ResetCommand.self, IdentifyCommand.self, ReadCommand.self, WriteCommand.self, DumpCommand.self, FormatCommand.self,
            LockCommand.self, ProtectCommand.self, UnprotectCommand.self, SimCommand.self, GPIOCommand.self,
            DoorCommand.self, TokenCommand.self, FlashCommand.self,
        ]
    )

    /// Runs the command; errors of our own carry their exit code and a message that says what
    /// to do, ArgumentParser's errors keep its exit codes (64 for bad usage).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = UsageCorrections.unknownHelpTopic(in: arguments, root: Self.self) {
            StandardError.write("pn532ctl: \(message)\n")
            Glibc.exit(ExitCode.usage.rawValue)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
            checkStandardOutput()
        } catch let error as CLIError {
            StandardError.write("pn532ctl: \(error.message)\n")
            Glibc.exit(error.exitCode.rawValue)
        } catch {
            if exitCode(for: error) == .validationFailure, fullMessage(for: error).contains("Missing "),
               let message = UsageCorrections.negativeNumber(in: arguments) {
                StandardError.write("pn532ctl: \(message)\n")
                Glibc.exit(ExitCode.usage.rawValue)
            }
            exit(withError: error)
        }
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
