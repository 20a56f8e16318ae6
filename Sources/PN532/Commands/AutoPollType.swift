/// A target type of InAutoPoll, in its request and its reply.
public struct AutoPollType: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Generic passive 106 kbps: ISO/IEC 14443-4A, MIFARE and DEP.
    public static let genericPassive106 = AutoPollType(rawValue: 0x00)
    /// Generic passive 212 kbps: FeliCa and DEP.
    public static let genericPassive212 = AutoPollType(rawValue: 0x01)
    /// Generic passive 424 kbps: FeliCa and DEP.
    public static let genericPassive424 = AutoPollType(rawValue: 0x02)
    /// Passive 106 kbps ISO/IEC 14443-4B.
    public static let passive106TypeB = AutoPollType(rawValue: 0x03)
    /// Innovision Jewel.
    public static let jewel = AutoPollType(rawValue: 0x04)
    /// MIFARE card.
    public static let mifare = AutoPollType(rawValue: 0x10)
    /// FeliCa 212 kbps.
    public static let felica212 = AutoPollType(rawValue: 0x11)
    /// FeliCa 424 kbps.
    public static let felica424 = AutoPollType(rawValue: 0x12)
    /// Passive 106 kbps ISO/IEC 14443-4A.
    public static let iso14443Part4TypeA = AutoPollType(rawValue: 0x20)
    /// Passive 106 kbps ISO/IEC 14443-4B.
    public static let iso14443Part4TypeB = AutoPollType(rawValue: 0x23)
    /// DEP passive 106 kbps.
    public static let depPassive106 = AutoPollType(rawValue: 0x40)
    /// DEP passive 212 kbps.
    public static let depPassive212 = AutoPollType(rawValue: 0x41)
    /// DEP passive 424 kbps.
    public static let depPassive424 = AutoPollType(rawValue: 0x42)
    /// DEP active 106 kbps.
    public static let depActive106 = AutoPollType(rawValue: 0x80)
    /// DEP active 212 kbps.
    public static let depActive212 = AutoPollType(rawValue: 0x81)
    /// DEP active 424 kbps.
    public static let depActive424 = AutoPollType(rawValue: 0x82)
}
