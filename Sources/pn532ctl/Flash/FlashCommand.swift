import PN532Reader
import ArgumentParser
import CSV
import Credentials
import Crypto
import NDEF
import Provisioning
import Type2

/// `pn532ctl flash`: provision a stack of tags, one after another, on one open reader.
struct FlashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flash",
        abstract: "Write, verify, lock and protect many tags one after another (provisioning).",
        discussion: RecordOptions.help + """


            Or --message FILE (binary or hex NDEF). Record values may hold {uid} (the \
            tag's UID), {seq} (its number, from 1) and {col:NAME} (column NAME of CSV \
            row {seq}; with --csv the run ends when the rows are used up). --token-user \
            NAME or --token-column NAME with --key FILE put a signed door token \
            (pn532ctl.org:token) for the tag's UID first.

            For each tag: wait for exactly one tag in the field, identify it, check its \
            originality signature (--require-genuine), write the message tear-safe and \
            read it back, lock it (--lock --yes), protect it (--protect --secret-file \
            FILE: PWD and PACK = HMAC-SHA256(secret, UID)), record it (--report FILE: \
            time, uid, product, bytes, result, error; appended and fsync'd per tag), \
            then wait for it to leave. A failure is reported and the run goes on: \
            present the tag again. A tag already written in this run (or listed as ok in \
            the report, with --resume) is skipped. Ctrl-C stops between tags, with the \
            report complete (exit 130).

            Any family whose NDEF pn532ctl writes may be in the batch: a Topaz (Type 1), a \
            FeliCa (Type 3) or a Type 4 card gets its message through its own tag layer, \
            read back; --lock uses that layer's lock and is refused on a Type 4 card (its \
            NDEF file becomes read-only only with the card's keys); --require-genuine and \
            --protect are Type 2's and refused on the others. A door token is not put on a \
            card with a random UID (4 bytes starting 08: a phone). A refused tag gets \
            nothing written and the run goes on.

            Examples:
              pn532ctl flash --uri 'https://example.com/t/{uid}' --count 50
              pn532ctl flash --csv people.csv --text '{col:name}' --report out.csv
            """)

    @OptionGroup var device: DeviceOptions

    @Option(help: ArgumentHelp("Write the NDEF message in FILE (binary or hex) to every tag.", valueName: "FILE"), completion: .file())
    var message: String?

    @Option(help: ArgumentHelp("One tag per data row of this CSV file (a header row first, RFC 4180 quoting).", valueName: "FILE"), completion: .file())
    var csv: String?

    @Option(name: .customLong("token-user"), help: ArgumentHelp("Put a door token for this user on every tag.", valueName: "NAME"))
    var tokenUser: String?

    @Option(name: .customLong("token-column"), help: ArgumentHelp("Put a door token for the user in this CSV column.", valueName: "NAME"))
    var tokenColumn: String?

    @Option(help: ArgumentHelp("The door token key (at least 16 bytes; not readable by group or others).", valueName: "FILE"), completion: .file())
    var key: String?

    @Flag(help: "Make each tag read-only after writing it (irreversible: needs --yes).")
    var lock = false

    @Flag(help: "Confirm --lock.")
    var yes = false

    @Flag(help: "Password-protect each tag (with --secret-file).")
    var protect = false

    @Option(name: .customLong("secret-file"), help: ArgumentHelp(
        "With --protect: derive PWD and PACK per tag as HMAC-SHA256(secret, UID); the file must not be readable by group or others.",
        valueName: "FILE"), completion: .file())
    var secretFile: String?

    @Flag(help: "With --protect: protect reads as well as writes.")
    var protectReads = false

    @Option(help: ArgumentHelp("With --protect: " + PasswordGuess.attemptLimitText, valueName: "N"))
    var attemptLimit: Int?

    @Flag(help: "Refuse a tag whose originality signature does not verify.")
    var requireGenuine = false

    @Option(help: ArgumentHelp("With --require-genuine: nxp (NXP's keys, default) or test (the simulator's).", valueName: "KEY"))
    var originalityKey: FlashOriginality?

    @Option(help: ArgumentHelp("Append one CSV row per tag to FILE.", valueName: "FILE"), completion: .file())
    var report: String?

    @Flag(help: "Skip tags the report already lists as ok (and count them as done).")
    var resume = false

    @Option(help: ArgumentHelp("Stop when N tags are done (at least 1).", valueName: "N"))
    var count: Int?

    @Flag(help: "Print one JSON event per line.")
    var json = false

    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("Record options, in order (see above).", valueName: "RECORD-OPTION"),
        completion: RecordCompletion.kind)
    var recordWords: [String] = []

    func validate() throws {
        if protect != (secretFile != nil) { throw ValidationError("--protect and --secret-file FILE go together") }
        if !protect, protectReads || attemptLimit != nil { throw ValidationError("--protect-reads and --attempt-limit go with --protect") }
        if let attemptLimit { _ = try PasswordGuess.authenticationLimit(attempts: attemptLimit) }
        if !requireGenuine, originalityKey != nil { throw ValidationError("--originality-key goes with --require-genuine") }
        if tokenUser != nil, tokenColumn != nil { throw ValidationError("give --token-user or --token-column, not both") }
        if (tokenUser != nil || tokenColumn != nil) != (key != nil) { throw ValidationError("a door token needs --token-user NAME or --token-column NAME, and --key FILE") }
        if tokenColumn != nil, csv == nil { throw ValidationError("--token-column needs --csv FILE") }
        if resume, report == nil { throw ValidationError("--resume needs --report FILE") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if message != nil, !recordWords.isEmpty { throw ValidationError("give record options or --message FILE, not both") }
        if message == nil, recordWords.isEmpty, key == nil {
            throw ValidationError("nothing to write: give record options, --message FILE, or a door token (--token-user NAME --key FILE)")
        }
    }

    func run() throws {
        if lock, !yes { throw CLIError.needsConfirmation("--lock is irreversible") }
        let messages = try composeMessages()
        do throws(ProvisioningError) { try messages.checkAll() } catch { throw CLIError(error) }
        let protection = try secretFile.map { path throws(CLIError) in
            FlashTagWriter.Protection(
                secret: try SecretFile.commandLineRead(path, noun: "secret file"), protectsReads: protectReads,
                attemptLimit: AttemptLimit.authenticationLimit(attempts: attemptLimit ?? 0) ?? 0,
                derive: TagPassword.derive)
        }
        let flashReport = try report.map { path throws(CLIError) in
            do throws(ProvisioningError) { return try FlashReport(path: path) } catch { throw CLIError(error) }
        }
        let alreadyDone = resume ? flashReport?.doneUIDs ?? [] : []
        let goal = [count, messages.rowCount].compactMap { $0 }.min()
        let interrupt = try FlashInterrupt()
        let writer = FlashTagWriter(
            messages: messages, originality: requireGenuine ? originalityKey ?? .nxp : nil, lock: lock, protection: protection)
        let progress = FlashProgress(style: FlashProgress.style(json: json), total: goal)
        if let goal, alreadyDone.count >= goal {
            progress.summary(failed: 0, skipped: 0, interrupted: false)
            return
        }
        let reader = try Reader.open(device)
        defer { reader.close() }
        progress.device = reader.spec.description
        let run = FlashRun(session: reader.session, writer: writer, report: flashReport, progress: progress,
                           isInterrupted: { interrupt.isInterrupted }, goal: goal, alreadyDone: alreadyDone)
        progress.ready(done: alreadyDone.count)
        let finished: Bool
        do throws(ProvisioningError) { finished = try run.run() } catch { throw CLIError(error) }
        progress.summary(failed: run.failed, skipped: run.skipped, interrupted: !finished)
        if !finished { throw ExitCode(interrupt.exitCode) }
    }

    /// Reads the input files and checks the templates against the CSV's columns.
    private func composeMessages() throws(CLIError) -> FlashMessages {
        let table = try csv.map { path throws(CLIError) in try Self.readCSV(path) }
        let token = try key.map { path throws(CLIError) -> FlashMessages.Token in
            let user: FlashMessages.TokenUser = tokenColumn.map { .column($0) } ?? .name(tokenUser ?? "")
            return FlashMessages.Token(user: user, key: SymmetricKey(data: try SecretFile.commandLineRead(path)))
        }
        let fixed = try message.map(Self.readMessage)
        do throws(ProvisioningError) {
            return try FlashMessages(recordWords: recordWords, fixed: fixed, token: token, csv: table, csvName: csv ?? "", parseRecords: Self.parseRecords)
        } catch {
            throw CLIError(error)
        }
    }

    /// The record options, filled in for a tag.
    private static func parseRecords(_ words: [String]) throws(ProvisioningError) -> [NDEFRecord] {
        do throws(CLIError) { return try RecordOptions.parse(words) } catch { throw .recordWords(error) }
    }

    private static func readCSV(_ path: String) throws(CLIError) -> CSVTable {
        let table = try CSVTable.read(path)
        guard !table.rows.isEmpty else { throw .data("\(path) has a header but no rows: nothing to write") }
        return table
    }

    private static func readMessage(_ path: String) throws(CLIError) -> NDEFMessage {
        let bytes = try MessageFile.read(path)
        do throws(NDEFError) { return try NDEFMessage(decoding: bytes) } catch { throw .ndef(error, in: path, hint: "") }
    }
}
