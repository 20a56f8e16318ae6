import ArgumentParser
import DoorRecords
import Basics
import FileInput

/// `pn532ctl fleet verify SNAPSHOT`: the checks a door makes before it applies a snapshot.
struct FleetVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a signed snapshot as a door would: signature, site, group, version.",
        discussion: """
            Exits 0 and prints the snapshot's version, issue time and user count when it \
            verifies with the public key, is for --site and --group, and is newer than \
            --applied (default 0); exits 65 saying why otherwise.

            Examples:
              pn532ctl fleet verify front-12.json --public-key fleet.key.pub --site hq --group front --applied 11
            """)

    @Argument(help: ArgumentHelp("The snapshot file (- for standard input).", valueName: "SNAPSHOT"), completion: .file())
    var snapshot: String

    @Option(name: .customLong("public-key"), help: ArgumentHelp("The fleet's public key file (FILE.pub of fleet key new).", valueName: "FILE"), completion: .file())
    var publicKey: String

    @Option(help: ArgumentHelp("The site the door is in.", valueName: "NAME"))
    var site: String

    @Option(help: ArgumentHelp("The door's group.", valueName: "NAME"))
    var group: String

    @Option(help: ArgumentHelp("The version the door already has; the snapshot must be newer.", valueName: "N"))
    var applied: UInt64 = 0

    func run() throws {
        let keyText = try FileIO.read(publicKey, limit: InputLimit(bytes: 256, for: "a fleet public key"))
        guard let key = String(validating: keyText, as: UTF8.self).flatMap(FleetPublicKey.init(fileText:)) else {
            throw CLIError.data("\(publicKey): not a fleet public key (the FILE.pub that fleet key new writes)")
        }
        var payload = try FileIO.read(snapshot, limit: InputLimit(bytes: SignedUsersSnapshot.sizeLimit + 1, for: "a users snapshot and its newline"))
        if payload.last == UInt8(ascii: "\n") { payload.removeLast() }
        let verified: UsersSnapshot
        do throws(UsersSnapshotError) {
            verified = try key.verify(try SignedUsersSnapshot(json: payload), site: site, group: group, applied: applied)
        } catch {
            throw CLIError.data("\(snapshot): \(error)")
        }
        print("\(snapshot): verified: site \(verified.site), group \(verified.group), version \(verified.version), issued \(AuditTime(epochSeconds: Int64(verified.issued)).iso8601Seconds)")
    }
}
