import ArgumentParser
import Basics
import Credentials
import JSONText

/// `pn532ctl sun verify`: one SUN URL checked with the tag's SDM keys, and its counter against
/// the last one accepted for the tag.
struct SunVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a SUN URL's MAC and counter; exit 0 only for a fresh, valid message.",
        discussion: """
            Decrypts the PICCData with the PICC (SDM meta-read) key, or reads the UID and \
            counter mirrored as plain hex when no --picc-key-file is given; derives the SDM \
            session keys from the MAC (SDM file-read) key with the UID and counter; checks the \
            SDMMAC in constant time; decrypts the file data when the URL has some. With \
            --counter-file, a counter not above the last accepted one for the UID is a replay \
            (anyone can store and resend a SUN URL), and a fresh counter is recorded, the file \
            replaced atomically under a lock (FILE.lock); without it freshness is not \
            checked (a warning says so).

            Layouts (--layout, recognised by the PICCData parameter when auto): nxp \
            `e=PICC&c=MAC` (AN12196), sdm-backend `picc_data=PICC&enc=DATA&cmac=MAC` \
            (AN12196 with file data), boltcard `p=PICC&c=MAC`, plain `uid=UID&ctr=CTR&c=MAC`. \
            The MAC covers nothing, or with file data the URL text from the file data to the \
            MAC (`DATA&cmac=`), as NXP's notes and the sdm-backend verifier take it; \
            --mac-input-from names another start, or `empty`. The --*-param options name other \
            parameters. Key files hold 16 bytes raw or 32 hex digits, mode 600. Tags keyed \
            one by one take --mac-master-key-file (with --aid or --key-number, and --system-id, \
            as given to key derive): each tag's MAC key is then diversified over its UID; a \
            card keyed by ntag424 provision takes --key-number 1.

            Exit status: 0 a fresh, valid message (valid, with no --counter-file); 1 a check \
            failed (the PICCData or the MAC is wrong) or a replay; 65 a URL that is not a SUN \
            message of the layout (a missing or repeated parameter, bad hex, a wrong length) \
            or a counter file that is not one; 66 a key file missing; 74 the counter file \
            cannot be read or written; 77 a key file others may read.

            Examples:
              pn532ctl sun verify 'p=4E2E289D945A66BB13377A728884E867&c=E19CCB1FED8892CE' --picc-key-file k1.key --mac-key-file k2.key --counter-file sun.counters
              pn532ctl sun verify 'https://x.example/?uid=04C767F2066180&ctr=000001&c=…' --mac-key-file file.key --json
            """)

    /// The layouts `--layout` names.
    enum LayoutChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, nxp, sdmBackend = "sdm-backend", boltcard, plain
    }

    @Argument(help: ArgumentHelp("The SUN URL, or its query (quote it for the shell).", valueName: "URL"))
    var url: String

    @Option(help: ArgumentHelp("The PICC (SDM meta-read) key that decrypts the PICCData; omit for plain UID and counter.", valueName: "FILE"), completion: .file())
    var piccKeyFile: String?

    @Option(help: ArgumentHelp("The MAC (SDM file-read) key the session keys derive from.", valueName: "FILE"), completion: .file())
    var macKeyFile: String?

    @Option(help: ArgumentHelp("Instead: the master key each tag's MAC key is diversified from (AN10922, as key derive).", valueName: "FILE"), completion: .file())
    var macMasterKeyFile: String?

    @Option(help: ArgumentHelp("With --mac-master-key-file: the application ID (3 bytes in hex), after the UID.", valueName: "HEX"))
    var aid: String?

    @Option(help: ArgumentHelp("With --mac-master-key-file: the NTAG 424 DNA key number (0-4) of the MAC key, after the UID; not with --aid.", valueName: "N"))
    var keyNumber: Int?

    @Option(help: ArgumentHelp("With --mac-master-key-file: the system identifier (hex), after the AID or key number.", valueName: "HEX"))
    var systemId: String?

    @Option(help: ArgumentHelp("The last accepted counter of each UID: refuse replays, record fresh counters.", valueName: "FILE"), completion: .file())
    var counterFile: String?

    @Option(help: ArgumentHelp("The parameter layout.", valueName: "LAYOUT"))
    var layout: LayoutChoice = .auto

    @Option(help: ArgumentHelp("The encrypted PICCData parameter's name.", valueName: "NAME"))
    var piccDataParam: String?

    @Option(help: ArgumentHelp("The plain UID parameter's name.", valueName: "NAME"))
    var uidParam: String?

    @Option(help: ArgumentHelp("The plain counter parameter's name.", valueName: "NAME"))
    var counterParam: String?

    @Option(help: ArgumentHelp("The encrypted file data parameter's name.", valueName: "NAME"))
    var fileDataParam: String?

    @Option(help: ArgumentHelp("The SDMMAC parameter's name.", valueName: "NAME"))
    var macParam: String?

    @Option(help: ArgumentHelp("Where the MAC input starts: a parameter's value, or `empty`.", valueName: "NAME"))
    var macInputFrom: String?

    @Flag(help: "Print JSON: valid, fresh, uid, counter, previousCounter, fileData, layout, problem.")
    var json = false

    func run() throws {
        let chosen = try chosenLayout()
        if let chosen, chosen.piccData == nil, piccKeyFile != nil {
            throw CLIError.usage("--picc-key-file: the \(chosen.name) layout mirrors the UID and counter as plain hex; leave the PICC key out")
        }
        if let chosen, let name = chosen.piccData, piccKeyFile == nil {
            throw CLIError.usage("--picc-key-file: the \(chosen.name) layout's \(name) holds encrypted PICCData; give the PICC (SDM meta-read) key")
        }
        let (macKey, macPath, macFileKey) = try chosenMACKey()
        let piccKey = try piccKeyFile.map { path throws(CLIError) in try AESKeyFile.commandLineRead(path, noun: "PICC key file") }
        if !json {
            for (path, key) in [(piccKeyFile, piccKey), (macPath, macFileKey)] where key?.isFactoryDefault == true {
                StandardError.write("warning: \(path ?? "") holds the all-zero factory key: anyone can make a valid SUN message with it\n")
            }
        }
        let message: SUNMessage
        do throws(SUNError) {
            message = try SUNVerifier(piccKey: piccKey, macKey: macKey, layout: chosen).verify(url: url)
        } catch {
            guard !error.isMalformed else { throw CLIError.data("SUN URL: \(error)") }
            try refuse("SUN message invalid: \(error)", valid: false, message: nil, previous: nil)
        }
        guard let counterFile else {
            report(message, fresh: nil, previous: nil)
            return
        }
        let freshness: SUNCounterFile.Freshness
        do throws(SUNCounterFileError) { freshness = try SUNCounterFile(path: counterFile).accept(message) } catch {
            throw CLIError(message: error.description, exitCode: Self.exitCode(error.kind))
        }
        switch freshness {
        case .fresh(let previous): report(message, fresh: true, previous: previous)
        case .replayed(let last):
            try refuse(
                "SUN message replayed: counter \(message.counter) of UID \(Hex.encode(message.uid)) is not above \(last), the last accepted",
                valid: true, message: message, previous: last)
        }
    }

    /// The MAC key the options name (`--mac-key-file`, or `--mac-master-key-file` with
    /// `--aid` or `--key-number`, and `--system-id`), with its file and the key the file holds.
    func chosenMACKey() throws(CLIError) -> (SUNVerifier.MACKey, String, AESKey) {
        switch (macKeyFile, macMasterKeyFile) {
        case (let path?, nil):
            guard aid == nil, keyNumber == nil, systemId == nil else {
                throw CLIError.usage("--aid, --key-number, --system-id: only with --mac-master-key-file")
            }
            let key = try AESKeyFile.commandLineRead(path, noun: "MAC key file")
            return (.shared(key), path, key)
        case (nil, let path?):
            let aidBytes = try KeyDeriveCommand.bytesAfterUID(aid: aid, keyNumber: keyNumber)
            let systemBytes = try systemId.map { text throws(CLIError) in try KeyDeriveCommand.hexOption("--system-id", text) } ?? []
            let total = SUNVerifier.uidLength + aidBytes.count + systemBytes.count
            guard total <= KeyDiversification.maximumInputLength else {
                throw CLIError.usage("--system-id: UID, AID and system identifier are \(total) bytes; AN10922 takes at most \(KeyDiversification.maximumInputLength)")
            }
            let master = try AESKeyFile.commandLineRead(path, noun: "MAC master key file")
            return (.diversified(master: master, applicationID: aidBytes, systemIdentifier: systemBytes), path, master)
        case (nil, nil): throw CLIError.usage("give the MAC key: --mac-key-file, or --mac-master-key-file for per-tag keys")
        case (_?, _?): throw CLIError.usage("--mac-key-file and --mac-master-key-file do not go together: one key or per-tag keys")
        }
    }

    /// The layout the options name: nil (recognised) for `auto` with no parameter option.
    func chosenLayout() throws(CLIError) -> SUNLayout? {
        let named: SUNLayout? = switch layout {
        case .auto: nil
        case .nxp: .nxp
        case .sdmBackend: .sdmBackend
        case .boltcard: .boltCard
        case .plain: .plain
        }
        let overrides = [piccDataParam, uidParam, counterParam, fileDataParam, macParam, macInputFrom]
        guard overrides.contains(where: { $0 != nil }) else { return named }
        for (option, value) in zip(["--picc-data-param", "--uid-param", "--counter-param", "--file-data-param", "--mac-param", "--mac-input-from"], overrides) {
            if let value, value.isEmpty || value.contains(where: { "&=#?".contains($0) }) {
                throw CLIError.usage("\(option): \(value.isEmpty ? "empty" : "\"\(value)\" has &, =, # or ?"); give a parameter name")
            }
        }
        let plainParameters = uidParam != nil || counterParam != nil
        var custom = named ?? (plainParameters || (piccDataParam == nil && piccKeyFile == nil) ? .plain : .nxp)
        if plainParameters, custom.piccData != nil {
            throw CLIError.usage("--uid-param, --counter-param: the \(custom.name) layout has encrypted PICCData, not a plain UID and counter")
        }
        if piccDataParam != nil, custom.piccData == nil {
            throw CLIError.usage("--picc-data-param: the layout mirrors a plain UID and counter, not encrypted PICCData")
        }
        custom.name = "custom"
        if let piccDataParam { custom.piccData = piccDataParam }
        if let uidParam { custom.uid = uidParam }
        if let counterParam { custom.counter = counterParam }
        if let fileDataParam { custom.fileData = fileDataParam }
        if let macParam { custom.mac = macParam }
        if let macInputFrom { custom.macInput = macInputFrom == "empty" ? .empty : .fromValue(of: macInputFrom) }
        return custom
    }

    /// Prints a fresh (or unchecked) valid message.
    func report(_ message: SUNMessage, fresh: Bool?, previous: UInt32?) {
        if json {
            print(Self.json(valid: true, fresh: fresh, message: message, previous: previous, problem: nil).text)
            return
        }
        print("UID        \(Hex.encode(message.uid))")
        print("Counter    \(message.counter)" + (previous.map { " (the last accepted was \($0))" } ?? ""))
        print("File data  " + (message.fileData.map(Self.describe) ?? "none"))
        print("Layout     \(message.layout)")
        switch fresh {
        case true?: print("Valid      yes, and fresh" + (previous == nil ? " (the UID's first message)" : ""))
        default:
            print("Valid      yes; freshness not checked")
            StandardError.write("warning: no --counter-file: a replayed copy of this URL would pass as well\n")
        }
    }

    /// Reports a message that was refused (exit 1): a report under `--json`, else the message.
    func refuse(_ problem: String, valid: Bool, message: SUNMessage?, previous: UInt32?) throws -> Never {
        guard json else { throw CLIError(message: problem, exitCode: .failure) }
        print(Self.json(valid: valid, fresh: valid ? false : nil, message: message, previous: previous, problem: problem).text)
        throw ExitCode.failure
    }

    static func json(valid: Bool, fresh: Bool?, message: SUNMessage?, previous: UInt32?, problem: String?) -> JSON {
        .object([
            ("valid", .bool(valid)), ("fresh", fresh.map(JSON.bool) ?? .null),
            ("uid", message.map { .string(Hex.encode($0.uid)) } ?? .null), ("counter", message.map { .int(Int($0.counter)) } ?? .null),
            ("previousCounter", previous.map { .int(Int($0)) } ?? .null),
            ("fileData", message?.fileData.map { .string(Hex.encode($0)) } ?? .null),
            ("layout", message.map { .string($0.layout.name) } ?? .null), ("problem", problem.map(JSON.string) ?? .null),
        ])
    }

    /// File data as hex, with its text when it is all printable ASCII.
    static func describe(_ data: [UInt8]) -> String {
        let text = data.allSatisfy { (0x20...0x7E).contains($0) } ? " (\"\(String(decoding: data, as: UTF8.self))\")" : ""
        return Hex.encode(data) + text
    }

    static func exitCode(_ kind: SUNCounterFileError.Kind) -> ExitCode {
        switch kind {
        case .permission: .noPermission
        case .malformed: .dataError
        case .unreadable, .write: .ioError
        }
    }
}
