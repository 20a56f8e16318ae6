import PN532
import JSONText
import ArgumentParser
import Basics
import NDEF
import NFCCore
import TagProtocols
import Type2

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl write`: write an NDEF message, tear-safe and verified.
struct WriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write an NDEF message to the tag (tear-safe, verified).",
        discussion: RecordOptions.help + """


            Or --message FILE: a binary or hex NDEF message. The capacity is checked before \
            anything is written; only pages that change are written; the pages are read back \
            and compared unless --no-verify. Two tags in the field: nothing is written.

            Examples:
              pn532ctl write --uri https://example.com --text Hello
              pn532ctl write --message poster.bin --wait 10 --json
            """)

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Flag(help: PasswordGuess.confirmationHelp)
    var yes = false

    @Option(help: ArgumentHelp("Write the NDEF message in FILE (binary or hex).", valueName: "FILE"), completion: .file())
    var message: String?

    @Flag(help: "Do not read the pages back.")
    var noVerify = false

    @Flag(help: "Print JSON: product, uid, device, bytes, records, pagesWritten, pagesVerified.")
    var json = false

    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("Record options, in order (see above).", valueName: "RECORD-OPTION"),
        completion: RecordCompletion.kind)
    var recordWords: [String] = []

    func run() throws {
        let ndef = try composeMessage()
        let session: TagSession
        switch try TagSession.find(options, exclusive: true) {
        case let .type2(found): session = found
        case let .ndef(card):
            defer { card.close() }
            return try write(ndef, to: card)
        case let .other(card): throw card.refusal
        }
        defer { session.close() }
        try session.authenticate(credentials, confirmed: yes, quiet: json)
        // SIGINT and SIGTERM wait for the write (well under a second): a tear-safe write is
        // finished, then the command says what the tag holds and exits 128 + the signal.
        let interrupt = try FlashInterrupt()
        let name = "\(session.tag.product.rawValue) \(Hex.encode(session.target.uid))"
        let result: WriteResult
        do throws(Type2Error) { result = try session.tag.writeNDEF(ndef, verify: !noVerify) } catch {
            let failure = session.failure(error)
            guard interrupt.isInterrupted else { throw failure }
            throw interrupted(interrupt, "\(failure.message); interrupted (\(Self.signalName(interrupt))) during the write")
        }
        if json {
            print(JSON.object(TagJSON.header(session) + [("bytes", .int(ndef.length)), ("records", .int(ndef.records.count))]
                + TagJSON.counts(result, verified: !noVerify)).text)
        } else {
            print("Wrote \(ndef.length) bytes to \(name): "
                + "\(result.pagesWritten) page writes" + (noVerify ? "" : ", \(result.pagesVerified) pages read back and verified"))
        }
        if interrupt.isInterrupted {
            throw interrupted(interrupt, "interrupted (\(Self.signalName(interrupt))) after the write finished: \(name) holds the new message")
        }
    }

    /// Writes `ndef` to a Type 1, 3 or 4 tag through its tag layer: tear-safe as the layer
    /// writes, read back and compared unless `--no-verify`; `pagesWritten` is null under
    /// `--json` (the layers count no pages).
    private func write(_ ndef: NDEFMessage, to card: NDEFCardSession) throws {
        try card.refusePassword(credentials)
        let interrupt = try FlashInterrupt()
        do throws(TagFailure) { try card.tag.writeNDEFMessage(ndef, verify: !noVerify) } catch {
            let failure = CLIError.tag(error)
            guard interrupt.isInterrupted else { throw failure }
            throw interrupted(interrupt, "\(failure.message); interrupted (\(Self.signalName(interrupt))) during the write")
        }
        if json {
            print(JSON.object(card.header + [
                ("bytes", .int(ndef.length)), ("records", .int(ndef.records.count)), ("pagesWritten", .null), ("pagesVerified", .null),
            ]).text)
        } else {
            print("Wrote \(ndef.length) bytes to \(card.name) (\(card.typeName))" + (noVerify ? "" : ", read back and verified"))
        }
        if interrupt.isInterrupted {
            throw interrupted(interrupt, "interrupted (\(Self.signalName(interrupt))) after the write finished: \(card.name) holds the new message")
        }
    }

    /// The error that ends a write a signal interrupted: 128 + the signal, kind `interrupted`.
    private func interrupted(_ interrupt: FlashInterrupt, _ message: String) -> CLIError {
        CLIError(message: message, exitCode: ExitCode(interrupt.exitCode), kind: .interrupted)
    }

    static func signalName(_ interrupt: FlashInterrupt) -> String {
        switch interrupt.exitCode - 128 {
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "SIGINT"
        }
    }

    private func composeMessage() throws(CLIError) -> NDEFMessage {
        guard let message else { return NDEFMessage(records: try RecordOptions.parse(recordWords)) }
        guard recordWords.isEmpty else { throw .usage("give record options or --message FILE, not both") }
        let bytes = try MessageFile.read(message)
        do throws(NDEFError) { return try NDEFMessage(decoding: bytes) } catch { throw .ndef(error, in: message, hint: "") }
    }
}
