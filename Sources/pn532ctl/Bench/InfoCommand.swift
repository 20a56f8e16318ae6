import PN532Reader
import JSONText
import ArgumentParser
import Basics
import NFCCore
import PN532

/// `pn532ctl info`: what the reader is.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show the reader's chip, firmware, features and link.",
        discussion: """
            Examples:
              pn532ctl info --device uart:/dev/serial0
              pn532ctl info --json
            """)

    @OptionGroup var device: DeviceOptions

    @Flag(help: "Print JSON: device, ic, firmware, version, revision, support, baud.")
    var json = false

    func run() throws {
        let reader = try Reader.open(device)
        defer { reader.close() }
        let firmware = reader.firmware
        let support = Self.protocolNames(firmware.support)
        let baud = reader.session.link.bitsPerSecond
        if json {
            print(JSON.object([
                ("device", .string(reader.spec.description)),
                ("ic", .string("PN5" + Hex.encode([firmware.ic]))),
                ("firmware", .string("\(firmware.version).\(firmware.revision)")),
                ("version", .int(Int(firmware.version))),
                ("revision", .int(Int(firmware.revision))),
                ("support", .array(support.map { .string($0) })),
                ("baud", baud.map { .int($0) } ?? .null),
            ]).text)
        } else {
            print("Device    \(reader.spec)")
            print("Chip      PN5\(Hex.encode([firmware.ic])) (IC 0x\(Hex.encode([firmware.ic])))")
            print("Firmware  \(firmware.version).\(firmware.revision)")
            print("Supports  \(support.joined(separator: ", "))")
            print("Link      " + (baud.map { "\($0) baud" } ?? (reader.session.link.kind == .spi ? "SPI" : "I2C")))
        }
    }

    static func protocolNames(_ support: FirmwareVersion.SupportedProtocols) -> [String] {
        [(FirmwareVersion.SupportedProtocols.iso14443TypeA, "ISO 14443-A"), (.iso14443TypeB, "ISO 14443-B"), (.iso18092, "ISO 18092")]
            .filter { support.contains($0.0) }.map(\.1)
    }
}
