import ArgumentParser
import DoorRecords
import POSIXIO
import SystemPackage

/// `pn532ctl fleet key new FILE`: a new Ed25519 signing key and its public key beside it.
struct FleetKeyNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new Ed25519 signing key to FILE (mode 600) and its public key to FILE.pub.",
        discussion: """
            FILE holds the 32-byte private key: keep it with the administrator, never on a door. \
            FILE.pub (mode 644) is the public key each door's configuration names. Both are \
            created whole or not at all; existing files are kept unless --force replaces them \
            (every door then needs the new FILE.pub before it accepts a snapshot signed with it).

            Examples:
              pn532ctl fleet key new fleet.key
            """)

    @Argument(help: ArgumentHelp("The private key file to create.", valueName: "FILE"), completion: .file())
    var file: String

    @Flag(help: "Replace existing files.")
    var force = false

    func run() throws {
        let key = FleetSigningKey()
        let publicPath = file + ".pub"
        try KeyFileWriter.write(key.raw, to: file, owner: nil, replacing: force)
        do throws(AtomicCreateError) {
            try AtomicCreate.create(publicPath, with: Array(key.publicKey.fileText.utf8), permissions: [.ownerReadWrite, .groupRead, .otherRead], replacing: force)
        } catch {
            throw error.step == .exists ? CLIError.usage("\(publicPath) exists: it is kept (give --force to replace it)") : CLIError.io("\(error)")
        }
        print("Wrote a new Ed25519 signing key to \(file) (mode 600) and its public key to \(publicPath)")
    }
}
