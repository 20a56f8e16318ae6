import ArgumentParser

/// `pn532ctl ntag424`: key NTAG 424 DNA cards for SUN and the door, and see where one stands.
struct NTAG424Command: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ntag424",
        abstract: "Provision NTAG 424 DNA cards (per-card keys, SUN) and show a card's keys and settings.",
        discussion: """
            Examples:
              pn532ctl ntag424 provision --master-key-file site.key --picc-key-file picc.key --url 'https://example.com/sun?e={picc}&c={mac}' --count 20
              pn532ctl ntag424 status --master-key-file site.key
            """,
        subcommands: [NTAG424ProvisionCommand.self, NTAG424StatusCommand.self])
}
