import Basics
import NFCCore
/// The status byte of InDataExchange, InCommunicateThru, InSelect, InDeselect, InRelease,
/// PowerDown and others: an error code in the low six bits and two flags.
///
/// The raw byte is always kept, so that no error is ever collapsed into another.
public struct PN532Status: RawRepresentable, Hashable, Sendable {
    /// The byte as the PN532 sent it.
    public var rawValue: UInt8

    /// The status of byte `rawValue`.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Status `00`: no error, no flags.
    public static let success = PN532Status(rawValue: 0x00)

    /// The error, or `nil` when the low six bits are zero.
    public var errorCode: PN532ErrorCode? {
        PN532ErrorCode(code: rawValue & 0x3F)
    }

    /// True when the error code is zero.
    public var isSuccess: Bool {
        rawValue & 0x3F == 0
    }

    /// Bit 6 (MI): more data follows; the host sends another command to get it.
    public var moreInformation: Bool {
        rawValue & 0x40 != 0
    }

    /// Bit 7: the reply carries a node address (NAD).
    public var nadPresent: Bool {
        rawValue & 0x80 != 0
    }
}

extension PN532Status: CustomStringConvertible {
    /// `success`, or the error in words, with the raw byte and any flags:
    /// `target did not answer (timeout) (status 0x01)`.
    public var description: String {
        var text = errorCode.map(\.description) ?? "success"
        var details = ["status \(hexByte(rawValue))"]
        if moreInformation { details.append("more information") }
        if nadPresent { details.append("NAD present") }
        text += " (" + details.joined(separator: ", ") + ")"
        return text
    }
}
