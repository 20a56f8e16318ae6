import Basics
import NFCCore
/// The reply to GetFirmwareVersion: `03 IC Ver Rev Support`.
public struct FirmwareVersion: Hashable, Sendable {
    /// The IC: `32` for a PN532.
    public var ic: UInt8
    /// The firmware version: `01` for firmware 1.6.
    public var version: UInt8
    /// The firmware revision: `06` for firmware 1.6.
    public var revision: UInt8
    /// The protocols the firmware supports.
    public var support: SupportedProtocols

    /// Creates a version from its fields.
    public init(ic: UInt8, version: UInt8, revision: UInt8, support: SupportedProtocols) {
        self.ic = ic
        self.version = version
        self.revision = revision
        self.support = support
    }

    /// Reads a GetFirmwareVersion response payload.
    public init(payload: [UInt8]) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: .getFirmwareVersion)
        ic = try reader.byte("IC")
        version = try reader.byte("version")
        revision = try reader.byte("revision")
        support = SupportedProtocols(rawValue: try reader.byte("support"))
        try reader.finish()
    }

    /// The response payload, response code first.
    public var payload: [UInt8] {
        [CommandCode.getFirmwareVersion.responseCode, ic, version, revision, support.rawValue]
    }

    /// True when the IC is a PN532 (`32`).
    public var isPN532: Bool {
        ic == 0x32
    }

    /// The protocols of the Support byte.
    public struct SupportedProtocols: OptionSet, Hashable, Sendable {
        public var rawValue: UInt8

        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        public static let iso14443TypeA = SupportedProtocols(rawValue: 0x01)
        public static let iso14443TypeB = SupportedProtocols(rawValue: 0x02)
        public static let iso18092 = SupportedProtocols(rawValue: 0x04)
    }
}

extension FirmwareVersion: CustomStringConvertible {
    /// `PN532 firmware 1.6 (ISO 14443-A, ISO 14443-B, ISO 18092)`.
    public var description: String {
        var names: [String] = []
        if support.contains(.iso14443TypeA) { names.append("ISO 14443-A") }
        if support.contains(.iso14443TypeB) { names.append("ISO 14443-B") }
        if support.contains(.iso18092) { names.append("ISO 18092") }
        let chip = isPN532 ? "PN532" : "IC \(hexByte(ic))"
        return "\(chip) firmware \(version).\(revision) (\(names.joined(separator: ", ")))"
    }
}
