import ArgumentParser
import JSONText

/// `pn532ctl key new FILE`: a fresh token key, private from its first byte.
struct KeyNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new random token key to FILE (mode 600).",
        discussion: """
            The key is 32 random bytes from the kernel, the file that security.key_file, \
            token issue --key and flash --key read. FILE is created with mode 600 and fsync'd, \
            whole or not at all; an existing FILE is kept unless --force replaces it. As root, \
            --owner USER gives it to USER (the door's account, pn532ctl) and USER's group.

            Examples:
              pn532ctl key new door.key
              pn532ctl key new /etc/pn532ctl/door.key --owner pn532ctl
            """)

    @Argument(help: ArgumentHelp("The key file to create.", valueName: "FILE"), completion: .file())
    var file: String

    @Option(help: ArgumentHelp("Give the file to this user and the user's group (needs root).", valueName: "USER"))
    var owner: String?

    @Flag(help: "Replace an existing FILE (tokens signed with the old key stop opening the door).")
    var force = false

    @Flag(help: "Print JSON: file, bytes, mode.")
    var json = false

    func run() throws {
        let account = try owner.map { name throws(CLIError) in try KeyOwner.lookUp(name) }
        let key = KeyMaker.newKey()
        try KeyFileWriter.write(key, to: file, owner: account, replacing: force)
        if json {
            print(JSON.object([("file", .string(file)), ("bytes", .int(key.count)), ("mode", .string("0600"))]).text)
        } else {
            let owned = account.map { ", owner \($0.name)" } ?? ""
            print("Wrote a new \(key.count)-byte key to \(file) (mode 600\(owned))")
        }
    }
}
