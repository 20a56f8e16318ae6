/// A bit rate on the RF side, as GetGeneralStatus reports it (BrRx, BrTx).
public struct RadioBitRate: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let kbps106 = RadioBitRate(rawValue: 0x00)
    public static let kbps212 = RadioBitRate(rawValue: 0x01)
    public static let kbps424 = RadioBitRate(rawValue: 0x02)

    /// The rate in kbit/s, or `nil` for a code the manual does not define.
    public var kilobitsPerSecond: Int? {
        switch rawValue {
        case 0x00: 106
        case 0x01: 212
        case 0x02: 424
        default: nil
        }
    }
}
