/// How a command and its answer are protected in an EV2 session ([DS] §9.1.8): the
/// CommMode a file's settings or a command's definition name.
public enum CommunicationMode: Hashable, Sendable, CustomStringConvertible {
    /// Sent and answered as they are (the card still counts the command).
    case plain
    /// Sent and answered with an 8-byte MAC.
    case mac
    /// Data encrypted, and an 8-byte MAC.
    case full

    /// The mode of a file option byte's bits 1..0 (`x0` plain, `01` MAC, `11` full).
    public init(fileOption: UInt8) {
        switch fileOption & 0x03 {
        case 0x01: self = .mac
        case 0x03: self = .full
        default: self = .plain
        }
    }

    /// Bits 1..0 of a file option byte.
    public var fileOptionBits: UInt8 {
        switch self {
        case .plain: 0x00
        case .mac: 0x01
        case .full: 0x03
        }
    }

    public var description: String {
        switch self {
        case .plain: "plain"
        case .mac: "MAC"
        case .full: "full"
        }
    }
}
