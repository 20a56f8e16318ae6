import JSONText
import ArgumentParser
import Basics
import NDEF
import NFCCore
import Type2

/// `pn532ctl ndef decode`: decode a message from hex, a file or standard input.
struct NDEFDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode an NDEF message from hex, a file, or standard input.",
        discussion: """
            Input is hex (white space and ':' ignored) or binary; with --input auto (the \
            default) input made only of hex digits is read as hex. A strictly valid message \
            never starts with a hex-digit byte, so auto is unambiguous for valid data. \
            --tlv reads a Type 2 data area (from page 4) and decodes its first NDEF TLV.

            Exit status: 0 decoded, 65 bad data, 64 bad usage, 66/74 unreadable input.

            Examples:
              pn532ctl ndef decode D1010C55046578616D706C652E636F6D
              pn532ctl ndef decode --file tag.bin --json
            """
    )

    /// How to read the input bytes.
    enum InputFormat: String, ExpressibleByArgument, CaseIterable {
        case auto, hex, binary
    }

    @Argument(help: ArgumentHelp("The message as hex (may be split over several arguments).", valueName: "HEX"))
    var hex: [String] = []

    @Option(name: .long, help: ArgumentHelp("Read the input from FILE ('-': standard input).", valueName: "PATH"), completion: .file())
    var file: String?

    @Option(name: .long, help: ArgumentHelp("How to read --file or standard input: auto, hex or binary.", valueName: "FORMAT"))
    var input: InputFormat = .auto

    @Flag(help: "Tolerate flag and type-name-format errors found on tags in the wild.")
    var lenient = false

    @Flag(help: "Input is a Type 2 data area: decode the message in its first NDEF TLV.")
    var tlv = false

    @Flag(help: "Print JSON (the schema in the README and scripts/docs/pn532ctl.schema.json).")
    var json = false

    func validate() throws {
        if !hex.isEmpty, file != nil { throw ValidationError("give the message as HEX or --file, not both") }
    }

    func run() throws {
        let mode: DecodingMode = lenient ? .lenient : .strict
        var bytes = try readInput()
        if tlv {
            do throws(NDEFError) {
                bytes = try Type2DataArea.ndefMessage(in: bytes, mode: mode).message
            } catch {
                throw CLIError.ndef(error, in: "data area", hint: "")
            }
        }
        let message = try decode(bytes, mode: mode)
        if json {
            print(MessageJSON.make(message, mode: mode).text)
        } else {
            MessageDescription.lines(message, mode: mode).forEach { print($0) }
        }
    }

    /// Decodes the message; an empty TLV value is the empty message. A strict failure that
    /// lenient mode would accept says so.
    private func decode(_ bytes: [UInt8], mode: DecodingMode) throws(CLIError) -> NDEFMessage {
        if tlv, bytes.isEmpty { return .empty }
        do throws(NDEFError) {
            return try NDEFMessage(decoding: bytes, mode: mode)
        } catch {
            let hint = mode == .strict && (try? NDEFMessage(decoding: bytes, mode: .lenient)) != nil
                ? " (--lenient accepts this)" : ""
            throw .ndef(error, in: "NDEF message", hint: hint)
        }
    }

    private func readInput() throws(CLIError) -> [UInt8] {
        if !hex.isEmpty { return try Hex.decode(hex.joined(separator: " ")) }
        if file == nil, FileIO.standardInputIsTerminal {
            throw .usage("no input: give the message as HEX, --file PATH, or on standard input")
        }
        let format: MessageFile.Format = switch input {
        case .auto: .auto
        case .hex: .hex
        case .binary: .binary
        }
        return try MessageFile.read(file ?? "-", format: format)
    }
}
