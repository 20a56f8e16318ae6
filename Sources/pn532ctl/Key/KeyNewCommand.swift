import ArgumentParser
import Credentials
import JSONText

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl key new FILE`: a fresh token key, private from its first byte.
struct KeyNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new random token key to FILE (mode 600, or 640 with --group).",
        discussion: """
            The key is 32 random bytes from the kernel, the file that security.key_file, \
            token issue --key and flash --key read. FILE is created with mode 600 and fsync'd, \
            whole or not at all; an existing FILE is kept unless --force replaces it. As root, \
            --owner USER gives it to USER and USER's group. --group GROUP gives it to GROUP, \
            read-only (mode 640): the door's key is root:pn532ctl 0640, so the door's account \
            reads it and cannot rewrite it.

            Examples:
              pn532ctl key new door.key
              pn532ctl key new /etc/pn532ctl/door.key --group pn532ctl
            """)

    @Argument(help: ArgumentHelp("The key file to create.", valueName: "FILE"), completion: .file())
    var file: String

    @Option(help: ArgumentHelp("Give the file to this user and the user's group (needs root).", valueName: "USER"))
    var owner: String?

    @Option(help: ArgumentHelp("Let this group read the file (mode 640; needs root unless it is yours).", valueName: "GROUP"))
    var group: String?

    @Flag(help: "Replace an existing FILE (tokens signed with the old key stop opening the door).")
    var force = false

    @Flag(help: "Print JSON: file, bytes, mode.")
    var json = false

    func run() throws {
        var account = try owner.map { name throws(CLIError) in try KeyOwner.lookUp(name) }
        if let group {
            guard let id = DoorAccountGroup.id(named: group) else { throw CLIError.usage("--group \(group): no such group (getent group \(group) shows the groups)") }
            account = KeyOwner(name: account?.name ?? group, user: account?.user ?? getuid(), group: id)
        }
        let mode = group == nil ? "600" : "640"
        let key = KeyMaker.newKey()
        try KeyFileWriter.write(key, to: file, owner: account, groupReads: group != nil, replacing: force)
        if json {
            print(JSON.object([("file", .string(file)), ("bytes", .int(key.count)), ("mode", .string("0" + mode))]).text)
        } else {
            let owned = (owner.map { ", owner \($0)" } ?? "") + (group.map { ", group \($0)" } ?? "")
            print("Wrote a new \(key.count)-byte key to \(file) (mode \(mode)\(owned))")
        }
    }
}
