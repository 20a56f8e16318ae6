import ArgumentParser
import Basics
import Credentials
import JSONText

/// `pn532ctl key derive`: one card's AES key, diversified from the site master key (AN10922).
struct KeyDeriveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "derive",
        abstract: "Print one card's AES-128 key, diversified from a site master key (NXP AN10922).",
        discussion: """
            The card's key is AN10922's AES-128 diversification of the master key over the \
            card's UID, then the DESFire application ID (--aid, 3 bytes in wire order, LSB \
            first) or the NTAG 424 DNA key number (--key-number, 1 byte), then the system \
            identifier when given (at most 31 bytes in all), printed as 32 hex digits: what a \
            backend gives a card, and what the door's [credentials.desfire] and \
            [credentials.ntag424] challenge it with, so that a key taken from one card opens \
            that card only. The master key file holds the 16 \
            bytes raw, or 32 hex digits and an optional newline, and must not be readable by \
            group or others. The all-zero factory key is accepted with a warning: anyone can \
            forge a card with it.

            Examples:
              pn532ctl key derive --master-key-file site.key --uid 04782E21801D80
              pn532ctl key derive --master-key-file site.key --uid 04782E21801D80 --aid 3042F5 --system-id 4E585020416275 --json
              pn532ctl key derive --master-key-file site.key --uid 04782E21801D80 --key-number 2
            """)

    @Option(help: ArgumentHelp("The site master key (16 raw bytes or 32 hex digits, mode 600).", valueName: "FILE"), completion: .file())
    var masterKeyFile: String

    @Option(help: ArgumentHelp("The card's UID: 4, 7 or 10 bytes in hex.", valueName: "HEX"))
    var uid: String

    @Option(help: ArgumentHelp("A DESFire application ID (3 bytes in hex, wire order), after the UID.", valueName: "HEX"))
    var aid: String?

    @Option(help: ArgumentHelp("An NTAG 424 DNA key number (0-4), after the UID; not with --aid.", valueName: "N"))
    var keyNumber: Int?

    @Option(help: ArgumentHelp("The system identifier (hex), after the AID or key number.", valueName: "HEX"))
    var systemId: String?

    @Flag(help: "Print JSON: uid, aid, keyNumber, systemId, key.")
    var json = false

    /// The application keys of an NTAG 424 DNA.
    static let ntag424KeyNumbers = 0...4

    /// The UID lengths of ISO/IEC 14443-3 type A: single, double, triple size.
    static let uidLengths = [4, 7, 10]

    /// The diversification input's bytes between the UID and the system identifier: the AID
    /// (`--aid`, 3 bytes, a DESFire application's key) or the key number (`--key-number`, an
    /// NTAG 424 DNA's key 0-4), or none.
    ///
    /// - Throws: a usage error for both, a malformed AID or a key number out of range.
    static func bytesAfterUID(aid: String?, keyNumber: Int?) throws(CLIError) -> [UInt8] {
        guard aid == nil || keyNumber == nil else {
            throw CLIError.usage("--key-number: give --aid (a DESFire application's key) or --key-number (an NTAG 424 DNA's key), not both")
        }
        if let keyNumber {
            guard ntag424KeyNumbers.contains(keyNumber) else { throw CLIError.usage("--key-number: \(keyNumber); an NTAG 424 DNA's keys are 0-4") }
            return [UInt8(keyNumber)]
        }
        let aidBytes = try aid.map { text throws(CLIError) in try hexOption("--aid", text) } ?? []
        guard aid == nil || aidBytes.count == 3 else { throw CLIError.usage("--aid: \(aidBytes.count) bytes; an application ID is 3") }
        return aidBytes
    }

    func run() throws {
        let uidBytes = try Self.hexOption("--uid", uid)
        guard Self.uidLengths.contains(uidBytes.count) else {
            throw CLIError.usage("--uid: \(uidBytes.count) bytes; a card's UID is 4, 7 or 10 bytes")
        }
        let middle = try Self.bytesAfterUID(aid: aid, keyNumber: keyNumber)
        let systemBytes = try systemId.map { text throws(CLIError) in try Self.hexOption("--system-id", text) } ?? []
        guard systemId == nil || !systemBytes.isEmpty else { throw CLIError.usage("--system-id: empty; give at least one byte or leave it out") }
        guard let input = KeyDiversification.input(uid: uidBytes, applicationID: middle, systemIdentifier: systemBytes) else {
            let total = uidBytes.count + middle.count + systemBytes.count
            let name = keyNumber == nil ? "AID" : "key number"
            throw CLIError.usage("--system-id: UID, \(name) and system identifier are \(total) bytes; AN10922 takes at most \(KeyDiversification.maximumInputLength)")
        }
        let master = try AESKeyFile.commandLineRead(masterKeyFile, noun: "master key file")
        guard let key = KeyDiversification.aes128(master: master, input: input) else {
            throw CLIError.usage("--uid: no diversification input")
        }
        if json {
            print(
                JSON.object([
                    ("uid", .string(Hex.encode(uidBytes))), ("aid", aid == nil ? .null : .string(Hex.encode(middle))),
                    ("keyNumber", keyNumber.map { .int($0) } ?? .null),
                    ("systemId", systemId == nil ? .null : .string(Hex.encode(systemBytes))), ("key", .string(Hex.encode(key.bytes))),
                ]).text)
            return
        }
        if master.isFactoryDefault {
            StandardError.write(
                "warning: \(masterKeyFile) holds the all-zero factory key: anyone can derive every card's key and forge a card; the door refuses it\n")
        }
        print(Hex.encode(key.bytes))
    }

    /// The bytes of hex option `name`; a usage error naming the option otherwise.
    static func hexOption(_ name: String, _ text: String) throws(CLIError) -> [UInt8] {
        let bytes: [UInt8]
        do throws(HexTextError) { bytes = try Hex.bytes(text, skipping: Hex.commonSeparators) } catch {
            throw CLIError.usage("\(name): \(error)")
        }
        guard !bytes.isEmpty else { throw CLIError.usage("\(name): no hex digits") }
        return bytes
    }
}
