import ArgumentParser

/// `pn532ctl key`: token keys.
struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Make the token key that door.toml's security.key_file names.",
        discussion: """
            Examples:
              pn532ctl key new door.key
              pn532ctl key new /etc/pn532ctl/door.key --owner pn532ctl
            """,
        subcommands: [KeyNewCommand.self])
}
