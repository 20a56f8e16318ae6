import PN532Reader
import JSONText
import ArgumentParser
import Basics
import NFCCore
import PN532

/// `pn532ctl raw HEX`: send one command, print the reply.
struct RawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raw",
        abstract: "Send one PN532 command and print its reply.",
        discussion: """
            HEX is the command code and its parameters, without frame or TFI: `02` is \
            GetFirmwareVersion, `4A0100` lists one type A target. The reply is printed as the \
            response code's name and the data; a status byte is explained. A command the \
            PN532 rejects as malformed is a usage error (64).

            Examples:
              pn532ctl raw 02
              pn532ctl raw 4A 01 00 --json
            """)

    @OptionGroup var device: DeviceOptions

    @Argument(help: ArgumentHelp("The command: code and parameters in hex.", valueName: "HEX"))
    var hex: [String]

    @Option(help: ArgumentHelp("Seconds to wait for the reply, more than 0 and at most 3600.", valueName: "SECONDS"))
    var timeout: Double = 1

    @Flag(help: "Print JSON: device, command, request, response, status, statusText.")
    var json = false

    func run() throws {
        let bytes = try Hex.decode(hex.joined(separator: " "))
        guard let command = Command(payload: bytes) else {
            throw CLIError.usage("'\(Hex.encode(bytes.prefix(1)))' is not a PN532 command code (e.g. 02 GetFirmwareVersion, 4A InListPassiveTarget)")
        }
        guard timeout > 0, timeout <= 3600 else { throw CLIError.usage("--timeout must be between 0 and 3600 seconds") }
        let reader = try Reader.open(device)
        defer { reader.close() }
        let reply: [UInt8]
        do throws(PN532Error) {
            reply = try reader.session.run(command, timeout: .milliseconds(Int64(timeout * 1000)))
        } catch {
            guard case .syntaxError = error.kind else { throw CLIError.reader(error) }
            let parameters = command.parameters.isEmpty ? "no parameters" : "parameters \(Hex.encode(command.parameters))"
            throw CLIError.usage("\(Hex.encode(bytes)): the PN532 rejected \(command.code.name) with \(parameters) as malformed (syntax error): check the parameters it takes (UM0701 §7)")
        }
        let data = Array(reply.dropFirst())
        let hasStatus = [.inDataExchange, .inCommunicateThru, .inRelease, .inSelect, .inDeselect].contains(command.code)
        let status = hasStatus ? data.first : nil
        if json {
            print(JSON.object([
                ("device", .string(reader.spec.description)),
                ("command", .string(command.code.name)),
                ("request", .string(Hex.encode(bytes))),
                ("response", .string(Hex.encode(data))),
                ("status", status.map { .string(Hex.encode([$0])) } ?? .null),
                ("statusText", status.map { .string("\(PN532Status(rawValue: $0))") } ?? .null),
            ]).text)
            return
        }
        print("\(command.code.name) response: \(Hex.encode(data))")
        if let status {
            print("status 0x\(Hex.encode([status])): \(PN532Status(rawValue: status))")
        }
    }
}
