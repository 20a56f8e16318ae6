/// A serial (HSU) baud rate the PN532 can switch to with SetSerialBaudRate; the raw value is
/// the command's BR byte.
public enum BaudRate: UInt8, Hashable, Sendable, CaseIterable {
    case bps9600 = 0x00
    case bps19200 = 0x01
    case bps38400 = 0x02
    case bps57600 = 0x03
    /// The rate at power-on.
    case bps115200 = 0x04
    case bps230400 = 0x05
    case bps460800 = 0x06
    case bps921600 = 0x07
    case bps1288000 = 0x08

    /// The rate in bits per second.
    public var bitsPerSecond: Int {
        switch self {
        case .bps9600: 9600
        case .bps19200: 19200
        case .bps38400: 38400
        case .bps57600: 57600
        case .bps115200: 115_200
        case .bps230400: 230_400
        case .bps460800: 460_800
        case .bps921600: 921_600
        case .bps1288000: 1_288_000
        }
    }

    /// The rate of `bitsPerSecond`, or `nil` when the PN532 does not offer it.
    public init?(bitsPerSecond: Int) {
        guard let rate = Self.allCases.first(where: { $0.bitsPerSecond == bitsPerSecond }) else {
            return nil
        }
        self = rate
    }
}
