import ArgumentParser

/// `pn532ctl key`: token keys, and cards' diversified AES keys.
struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Make the token key that door.toml's security.key_file names; derive a card's AES key.",
        discussion: """
            Examples:
              pn532ctl key new door.key
              pn532ctl key new /etc/pn532ctl/door.key --owner pn532ctl
              pn532ctl key derive --master-key-file site.key --uid 04782E21801D80
            """,
        subcommands: [KeyNewCommand.self, KeyDeriveCommand.self])
}
