import ArgumentParser
import Basics
import Credentials
import DoorRecords
import FileInput
import TOML

/// `pn532ctl fleet sign USERS`: a signed, versioned snapshot of a users file.
struct FleetSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a users file for one site and door group, as a versioned snapshot.",
        discussion: """
            USERS holds only [[users]] tables, as in door.toml, each with a name; at most \
            100000. The snapshot is one line of JSON (at most 8 MiB), written to --output or \
            printed. Each door checks the users again against its own credential sections \
            before it uses them. --version must grow with every snapshot of a group: a door \
            refuses one that is not newer than the one it has.

            Examples:
              pn532ctl fleet sign users.toml --key fleet.key --site hq --group front --version 12 --output front-12.json
            """)

    /// The most users a snapshot carries.
    static let userLimit = 100_000

    @Argument(help: ArgumentHelp("The users file.", valueName: "USERS"), completion: .file())
    var users: String

    @Option(help: ArgumentHelp("The signing key (fleet key new).", valueName: "FILE"), completion: .file())
    var key: String

    @Option(help: ArgumentHelp("The site the snapshot is for.", valueName: "NAME"))
    var site: String

    @Option(help: ArgumentHelp("The door group the snapshot is for.", valueName: "NAME"))
    var group: String

    @Option(help: ArgumentHelp("The snapshot's version, 1 or more, higher than the last one signed.", valueName: "N"))
    var version: UInt64

    @Option(help: ArgumentHelp("Write the snapshot here instead of printing it.", valueName: "FILE"), completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("The issue time in seconds since 1970 (default: now); a door's stale_after_hours counts from it.", valueName: "EPOCH"))
    var issued: UInt64?

    func run() throws {
        let text = try Self.usersText(users)
        let signingKey = try SecretFile.commandLineRead(key, noun: "fleet key")
        guard let fleetKey = FleetSigningKey(raw: signingKey) else { throw CLIError.data("fleet key \(key): \(signingKey.count) bytes, not an Ed25519 key's 32 (make one with fleet key new)") }
        let snapshot: UsersSnapshot
        do throws(UsersSnapshotError) {
            snapshot = try UsersSnapshot(site: site, group: group, version: version, issued: issued ?? UInt64(max(0, AuditTime.now().epochSeconds)), users: text)
        } catch {
            throw CLIError.usage("\(error)")
        }
        let signed = try fleetKey.sign(snapshot)
        let json = signed.json
        guard json.utf8.count <= SignedUsersSnapshot.sizeLimit else { throw CLIError.data("the snapshot would have \(json.utf8.count) bytes, more than \(SignedUsersSnapshot.sizeLimit): split the users into door groups") }
        if let output {
            try FileIO.write(Array((json + "\n").utf8), to: output)
        } else {
            print(json)
        }
    }

    /// The users file's text, checked: TOML holding only `[[users]]` tables with names.
    static func usersText(_ path: String) throws(CLIError) -> String {
        let bytes = try FileIO.read(path, limit: InputLimit(bytes: SignedUsersSnapshot.sizeLimit, for: "a users snapshot"))
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else { throw .data("\(path): not UTF-8 text") }
        let table: TOMLTable
        do throws(TOMLError) { table = try TOML.parse(text) } catch { throw .data("\(path):\(error.line):\(error.column): \(error.message)") }
        if let other = table.keys.first(where: { $0 != "users" }) {
            throw .data("\(path):\(table[other]?.line ?? 1): `\(other)`: a users file holds only [[users]] tables")
        }
        guard let value = table["users"] else { return text }
        guard case .array(let entries) = value.kind else { throw .data("\(path):\(value.line): `users` is not an array of tables ([[users]])") }
        guard entries.count <= userLimit else { throw .data("\(path): \(entries.count) users, more than \(userLimit): split them into door groups") }
        for entry in entries {
            guard case .table(let user) = entry.kind else { throw .data("\(path):\(entry.line): `users` is not an array of tables ([[users]])") }
            guard case .string? = user["name"]?.kind else { throw .data("\(path):\(entry.line): a user without a name") }
        }
        return text
    }
}
