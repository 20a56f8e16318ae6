import ArgumentParser
import Credentials
import Provisioning

/// The site's keys as `ntag424 provision` and `ntag424 status` take them.
struct NTAG424SiteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The site master key every card's keys are diversified from (16 raw bytes or 32 hex digits, mode 600).", valueName: "FILE"), completion: .file())
    var masterKeyFile: String

    @Option(help: ArgumentHelp("Hex bytes after the key number in the diversification input (at most 23).", valueName: "HEX"))
    var systemId: String?

    @Option(help: ArgumentHelp("The version of the keys (1-255; default 1): how a card's state is found again.", valueName: "N"))
    var keyVersion: Int = 1

    /// The system identifier's bytes.
    func systemIdentifier() throws(CLIError) -> [UInt8] {
        try Self.systemIdentifier(systemId)
    }

    /// The key version, checked.
    func version() throws(CLIError) -> UInt8 {
        try Self.version(keyVersion)
    }

    /// The bytes of `--system-id` `systemId`, checked.
    static func systemIdentifier(_ systemId: String?) throws(CLIError) -> [UInt8] {
        let bytes = try systemId.map { text throws(CLIError) in try KeyDeriveCommand.hexOption("--system-id", text) } ?? []
        guard bytes.count <= NTAG424Keys.maximumSystemIdentifierLength else {
            throw CLIError.usage("--system-id: \(bytes.count) bytes; with the UID (7) and the key number (1) AN10922 takes at most \(NTAG424Keys.maximumSystemIdentifierLength)")
        }
        return bytes
    }

    /// `--key-version` `keyVersion`, checked.
    static func version(_ keyVersion: Int) throws(CLIError) -> UInt8 {
        guard (1...255).contains(keyVersion) else {
            throw CLIError.usage("--key-version: \(keyVersion); 1 to 255 (00 is the factory's: versions tell a card's state)")
        }
        return UInt8(keyVersion)
    }

    /// The master key, with a warning on standard error for the all-zero one.
    func master(warn: Bool) throws(CLIError) -> AESKey {
        let key = try AESKeyFile.commandLineRead(masterKeyFile, noun: "master key file")
        if key.isFactoryDefault, warn {
            StandardError.write("warning: \(masterKeyFile) holds the all-zero factory key: anyone can derive every card's keys and forge a card; the door refuses it\n")
        }
        return key
    }
}
