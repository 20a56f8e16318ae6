import ArgumentParser
import Basics
import Credentials
import EV2SecureMessaging
import JSONText
import NFCCore
import NFCTags
import PN532
import PN532Reader
import Provisioning
import Type2
import Type4

/// `pn532ctl ntag424 status`: one NTAG 424 DNA's key versions, the key 0 that opens it, its
/// NDEF file's settings and SUN, and what `ntag424 provision` would do with it.
struct NTAG424StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show an NTAG 424 DNA's key versions, which key 0 opens it, its NDEF file's settings and SUN.",
        discussion: """
            Writes nothing. The key versions and the file settings are read without a key; one \
            authentication of key 0 is tried: the factory key when key 0 is at version 00, \
            else this site's (with --master-key-file). The last line says where provisioning \
            stands: factory, partial (ntag424 provision resumes it), provisioned (this site's \
            key 0), foreign (another site's) or keyed (no site keys given to tell).

            Examples:
              pn532ctl ntag424 status
              pn532ctl ntag424 status --master-key-file site.key --json
            """)

    @OptionGroup var tagOptions: TagOptions

    @Option(help: ArgumentHelp("The site master key, to try this site's key 0 (16 raw bytes or 32 hex digits, mode 600).", valueName: "FILE"), completion: .file())
    var masterKeyFile: String?

    @Option(help: ArgumentHelp("Hex bytes after the key number in the diversification input (at most 23).", valueName: "HEX"))
    var systemId: String?

    @Option(help: ArgumentHelp("The version of this site's keys (1-255; default 1).", valueName: "N"))
    var keyVersion: Int = 1

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let keys = try masterKeyFile.map { path throws(CLIError) -> NTAG424Keys in
            let system = try NTAG424SiteOptions.systemIdentifier(systemId)
            let version = try NTAG424SiteOptions.version(keyVersion)
            guard let keys = NTAG424Keys(
                master: try AESKeyFile.commandLineRead(path, noun: "master key file"), piccKey: .factoryDefault, systemIdentifier: system,
                version: version)
            else { throw CLIError.usage("--system-id and --key-version do not make a key plan") }
            return keys
        }
        let session: NDEFCardSession
        switch try TagSession.find(tagOptions, exclusive: true) {
        case let .ndef(card):
            session = card
        case let .type2(tag):
            tag.reader.close()
            throw CLIError.refused("not an NTAG 424 DNA (\(tag.tag.product.rawValue) \(Hex.encode(tag.target.uid))): nothing was sent")
        case let .other(card):
            throw CLIError.refused("not an NTAG 424 DNA (\(card.family.name) \(Hex.encode(card.info.identifier))): nothing was sent")
        }
        defer { session.close() }
        guard case .ntag424DNA = session.family, let type4 = session.tag as? Type4Tag else {
            throw CLIError.refused("not an NTAG 424 DNA (\(session.name)): nothing was sent")
        }
        let status: NTAG424Status
        do throws(EV2Error) { status = try NTAG424Status.read(EV2Card(exchange: type4.exchange), uid: session.info.identifier, keys: keys) } catch {
            throw CLIError(message: "\(session.name): \(error)", exitCode: error.exchangeFailure == nil ? .failure : ExitCode(69))
        }
        if json {
            print(JSON.object(session.header + Self.members(status)).text)
        } else {
            print(Self.lines(status, name: session.name))
        }
    }

    /// The status as text, one fact a line.
    static func lines(_ status: NTAG424Status, name: String) -> String {
        let versions = status.keyVersions.enumerated().map { "\($0.offset):\(Hex.encode([$0.element]))" }.joined(separator: " ")
        let keyZero = switch status.keyZero {
        case .factory: "the factory key (all zero) authenticates"
        case .site: "this site's key authenticates"
        case .other: "not the key tried (\(status.keyVersions[0] == 0 ? "factory" : "this site's"))"
        case .untried: "not tried (give --master-key-file)"
        }
        let file = status.ndefFile
        let rights = file.accessRights
        var text = """
            \(name)
            Key versions  \(versions)
            Key 0         \(keyZero)
            NDEF file     \(file.communicationMode), read \(access(rights.read)), write \(access(rights.write)), read-write \(access(rights.readWrite)), change \(access(rights.change)); \(file.size) bytes
            """
        if let sdm = file.sdm {
            var parts: [String] = []
            if let offset = sdm.piccDataOffset { parts.append("PICCData (key \(sdm.metaRead)) at \(offset)") }
            if let offset = sdm.uidOffset { parts.append("UID at \(offset)") }
            if let offset = sdm.readCounterOffset { parts.append("counter at \(offset)") }
            if let offset = sdm.encryptionOffset, let length = sdm.encryptionLength { parts.append("encrypted data at \(offset) (\(length) digits)") }
            if let offset = sdm.macOffset, let input = sdm.macInputOffset { parts.append("SDMMAC (key \(sdm.fileRead)) at \(offset) over \(input)..<\(offset)") }
            text += "\nSUN           " + parts.joined(separator: ", ")
        } else {
            text += "\nSUN           off"
        }
        return text + "\nState         \(status.stage.rawValue): \(status.advice)"
    }

    /// An access condition in words: `free`, `never`, `key N`.
    static func access(_ nibble: UInt8) -> String {
        switch nibble {
        case EV2AccessRights.free: "free"
        case EV2AccessRights.never: "never"
        default: "key \(nibble)"
        }
    }

    /// The status's JSON members after the header.
    static func members(_ status: NTAG424Status) -> [(String, JSON)] {
        let file = status.ndefFile
        let rights = file.accessRights
        let sdm: JSON = file.sdm.map { sdm in
            func offset(_ value: Int?) -> JSON { value.map(JSON.int) ?? .null }
            return .object([
                ("metaRead", .string(access(sdm.metaRead))), ("fileRead", .string(access(sdm.fileRead))),
                ("piccDataOffset", offset(sdm.piccDataOffset)), ("uidOffset", offset(sdm.uidOffset)),
                ("readCounterOffset", offset(sdm.readCounterOffset)), ("encryptionOffset", offset(sdm.encryptionOffset)),
                ("encryptionLength", offset(sdm.encryptionLength)), ("macInputOffset", offset(sdm.macInputOffset)), ("macOffset", offset(sdm.macOffset)),
            ])
        } ?? .null
        return [
            ("keyVersions", .array(status.keyVersions.map { .int(Int($0)) })),
            ("keyZero", .string(status.keyZero.rawValue)),
            ("ndefFile", .object([
                ("mode", .string("\(file.communicationMode)")), ("read", .string(access(rights.read))), ("write", .string(access(rights.write))),
                ("readWrite", .string(access(rights.readWrite))), ("change", .string(access(rights.change))), ("size", .int(file.size)),
            ])),
            ("sun", sdm),
            ("stage", .string(status.stage.rawValue)),
            ("advice", .string(status.advice)),
        ]
    }
}
