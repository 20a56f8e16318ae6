import ArgumentParser
import Basics
import Credentials
import DoorRecords

/// `pn532ctl fleet unlock --door D --key UNLOCK.key`: a signed remote unlock command.
struct FleetUnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Sign a command that unlocks one door once, within a short window.",
        discussion: """
            Prints one line of JSON: the door, a random 16-byte nonce, the issue time (now) \
            and the expiry, an optional reason, and the Ed25519 signature of the fleet's \
            unlock key, a key pair of its own made with `fleet key new unlock.key` (not the \
            snapshot key). The door checks the signature, that it is the door named, that \
            its clock is synchronised and the command current, that it is valid for at most \
            120 seconds, and that its nonce never opened it before.

            Examples:
              pn532ctl fleet unlock --door front --key unlock.key --valid 30 --reason alice
            """)

    /// The longest --valid: the longest a door accepts by default.
    static let longestValidity = UnlockPolicy().maximumValidity

    @Option(help: ArgumentHelp("The door to unlock (its device id).", valueName: "NAME"))
    var door: String

    @Option(help: ArgumentHelp("The fleet's unlock signing key (fleet key new).", valueName: "FILE"), completion: .file())
    var key: String

    @Option(help: ArgumentHelp("Seconds the command stays valid, 1 to \(longestValidity).", valueName: "SECONDS"))
    var valid: UInt64 = 60

    @Option(help: ArgumentHelp("Who asks and why, for the door's audit log: printable ASCII, at most \(UnlockCommand.reasonLimit) bytes.", valueName: "TEXT"))
    var reason: String = ""

    func validate() throws {
        guard (1...Self.longestValidity).contains(valid) else {
            throw ValidationError("--valid \(valid): between 1 and \(Self.longestValidity) seconds (a door refuses a longer-lived command)")
        }
    }

    func run() throws {
        let command: UnlockCommand
        do throws(UnlockCommandError) {
            command = try UnlockCommand.random(door: door, issued: UInt64(max(0, AuditTime.now().epochSeconds)), validity: valid, reason: reason)
        } catch {
            throw CLIError.usage("\(error)")
        }
        let signingKey = try SecretFile.commandLineRead(key, noun: "fleet unlock key")
        guard let unlockKey = FleetSigningKey(raw: signingKey) else { throw CLIError.data("fleet unlock key \(key): \(signingKey.count) bytes, not an Ed25519 key's 32 (make one with fleet key new)") }
        print(try unlockKey.sign(command).json)
    }
}
