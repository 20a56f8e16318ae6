import ArgumentParser
import Basics
import NDEF
import NFCCore
import Type2

/// `pn532ctl ndef encode`: build a message from record options and print it.
struct NDEFEncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode an NDEF message from records given in order.",
        discussion: RecordOptions.help + """


            Prints the message as upper-case hex, or writes the bytes to --out FILE (- for \
            standard output). --tlv wraps it in a Type 2 NDEF TLV with a terminator, as it is \
            stored on a tag from page 4.

            Examples:
              pn532ctl ndef encode --uri https://example.com
              pn532ctl ndef encode --text Hi --lang fr --tlv --out msg.bin
            """
    )

    @Option(name: .long, help: ArgumentHelp("Write the binary message to FILE ('-': standard output).", valueName: "FILE"), completion: .file())
    var out: String?

    @Flag(help: "Wrap the message in a Type 2 NDEF TLV and terminator.")
    var tlv = false

    @Option(name: .customLong("chunk-size"), help: ArgumentHelp("Split payloads longer than N bytes into chunks (N at least 1).", valueName: "N"))
    var chunkSize: Int?

    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("Record options, in order (see above).", valueName: "RECORD-OPTION"),
        completion: RecordCompletion.kind)
    var recordWords: [String] = []

    func validate() throws {
        if let chunkSize, chunkSize < 1 { throw ValidationError("--chunk-size must be at least 1") }
    }

    func run() throws {
        let message = NDEFMessage(records: try RecordOptions.parse(recordWords))
        var bytes = message.encoded(maximumChunkSize: chunkSize)
        if tlv {
            do throws(NDEFError) {
                bytes = try Type2DataArea.ndefTLV(for: bytes)
            } catch {
                throw CLIError.data("--tlv: \(error.reason)")
            }
        }
        if let out {
            try FileIO.write(bytes, to: out)
        } else {
            print(Hex.encode(bytes))
        }
    }
}
