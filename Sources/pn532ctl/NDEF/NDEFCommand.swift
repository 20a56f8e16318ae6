import ArgumentParser

/// `pn532ctl ndef`: encode and decode NDEF messages without a reader.
struct NDEFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ndef",
        abstract: "Encode and decode NDEF messages (no reader needed).",
        subcommands: [NDEFEncodeCommand.self, NDEFDecodeCommand.self]
    )
}
