import ArgumentParser

/// `pn532ctl sun`: NTAG 424 DNA SUN messages, with no reader.
struct SunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sun",
        abstract: "Verify an NTAG 424 DNA SUN (Secure Unique NFC) URL, as a web backend does.",
        discussion: """
            Examples:
              pn532ctl sun verify 'https://x.example/?e=…&c=…' --picc-key-file meta.key --mac-key-file file.key --counter-file sun.counters
            """,
        subcommands: [SunVerifyCommand.self])
}
