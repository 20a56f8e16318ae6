import JSONText
import ArgumentParser
import Basics
import NDEF
import NFCCore
import TagProtocols
import Type2

/// `pn532ctl read`: the tag's NDEF message.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Read and decode the tag's NDEF message.",
        discussion: """
            Examples:
              pn532ctl read --wait 10
              pn532ctl read --raw
              pn532ctl read --json --password 01020304
            """)

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Flag(help: PasswordGuess.confirmationHelp)
    var yes = false

    @Flag(help: "Print the message's bytes as hex, as stored (also when they are not valid NDEF).")
    var raw = false

    @Flag(help: "Tolerate the flag errors tags in the wild have.")
    var lenient = false

    @Flag(help: "Print JSON: product, uid, device, then the message as `ndef decode --json` gives it (length, records).")
    var json = false

    func validate() throws {
        try FlagConflict.refuse(("--raw", raw), ("--json", json), "--raw prints the message's bytes as hex, --json decodes it")
    }

    func run() throws {
        let session: TagSession
        switch try TagSession.find(options, exclusive: false) {
        case let .type2(found): session = found
        case let .ndef(card):
            defer { card.close() }
            return try read(card)
        case let .other(card): throw card.refusal
        }
        defer { session.close() }
        try session.authenticate(credentials, confirmed: yes, quiet: json)
        let mode: DecodingMode = lenient ? .lenient : .strict
        if raw {
            // The bytes as stored, also when they are not a valid message.
            do throws(Type2Error) { print(Hex.encode(try session.tag.readNDEFBytes(mode: mode))) } catch { throw session.failure(error) }
            return
        }
        let message: NDEFMessage
        do throws(Type2Error) { message = try session.tag.readNDEF(mode: mode) } catch { throw session.failure(error) }
        show(message, header: TagJSON.header(session), mode: mode)
    }

    /// Reads the message of a Type 1, 3 or 4 tag through its tag layer.
    private func read(_ card: NDEFCardSession) throws(CLIError) {
        try card.refusePassword(credentials)
        if raw { throw card.refuse("--raw") }
        let mode: DecodingMode = lenient ? .lenient : .strict
        let message: NDEFMessage
        do throws(TagFailure) { message = try card.tag.readNDEFMessage(mode: mode) } catch { throw .tag(error) }
        show(message, header: card.header, mode: mode)
    }

    private func show(_ message: NDEFMessage, header: [(String, JSON)], mode: DecodingMode) {
        if json {
            print(JSON.object(header + MessageJSON.members(message, mode: mode)).text)
        } else {
            MessageDescription.lines(message, mode: mode).forEach { print($0) }
        }
    }
}
