import ArgumentParser

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
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            StandardError.write("pn532ctl: \(error.message)\n")
            Glibc.exit(error.exitCode.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}
