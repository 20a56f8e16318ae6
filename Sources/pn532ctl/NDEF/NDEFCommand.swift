import ArgumentParser

/// `pn532ctl ndef`: encode and decode NDEF messages without a reader.
struct NDEFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ndef",
        abstract: "Encode and decode NDEF messages (no reader needed).",
        discussion: """
            Examples:
              pn532ctl ndef encode --text Hello --out - | pn532ctl ndef decode
            """,
        subcommands: [NDEFEncodeCommand.self, NDEFDecodeCommand.self]
    )
}
