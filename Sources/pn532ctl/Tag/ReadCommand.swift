import ArgumentParser
import NDEF
import NFCCore
import Type2

/// `pn532ctl read`: the tag's NDEF message.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Read and decode the tag's NDEF message.")

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Flag(help: "Print the message as hex instead of decoding it.")
    var raw = false

    @Flag(help: "Tolerate the flag errors tags in the wild have.")
    var lenient = false

    @Flag(help: "Print JSON (the schema of `ndef decode --json`).")
    var json = false

    func run() throws {
        let session = try TagSession.open(options, exclusive: false)
        defer { session.close() }
        try session.authenticate(credentials)
        let mode: DecodingMode = lenient ? .lenient : .strict
        let message: NDEFMessage
        do throws(Type2Error) { message = try session.tag.readNDEF(mode: mode) } catch { throw session.failure(error) }
        if raw {
            print(Hex.encode(message.encoded()))
        } else if json {
            print(MessageJSON.make(message, mode: mode).text)
        } else {
            MessageDescription.lines(message, mode: mode).forEach { print($0) }
        }
    }
}
