import ArgumentParser
import NDEF
import Type2

/// `pn532ctl write`: write an NDEF message, tear-safe and verified.
struct WriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write an NDEF message to the tag (tear-safe, verified).",
        discussion: RecordOptions.help + """


            Or --message FILE: a binary or hex NDEF message. The capacity is checked before
            anything is written; only pages that change are written; the pages are read back
            and compared unless --no-verify. Two tags in the field: nothing is written.
            """)

    @OptionGroup var options: TagOptions

    @Option(help: ArgumentHelp("Write the NDEF message in FILE (binary or hex).", valueName: "FILE"))
    var message: String?

    @Flag(help: "Do not read the pages back.")
    var noVerify = false

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Record options (see below).", visibility: .hidden))
    var recordWords: [String] = []

    func run() throws {
        let ndef = try composeMessage()
        let session = try TagSession.open(options, exclusive: true)
        defer { session.close() }
        let result: WriteResult
        do throws(Type2Error) { result = try session.tag.writeNDEF(ndef, verify: !noVerify) } catch { throw CLIError.tag(error) }
        print("Wrote \(ndef.length) bytes to \(session.tag.product.rawValue) \(Hex.encode(session.target.uid)): "
            + "\(result.pagesWritten) pages written" + (noVerify ? "" : ", \(result.pagesVerified) verified"))
    }

    private func composeMessage() throws(CLIError) -> NDEFMessage {
        guard let message else { return NDEFMessage(records: try RecordOptions.parse(recordWords)) }
        guard recordWords.isEmpty else { throw .usage("give record options or --message FILE, not both") }
        let bytes = try MessageFile.read(message)
        do throws(NDEFError) { return try NDEFMessage(decoding: bytes) } catch { throw .ndef(error, in: message, hint: "") }
    }
}
