/// The bit rate and modulation InListPassiveTarget polls with; the raw value is its BrTy byte.
public enum PassiveModulation: UInt8, Hashable, Sendable, CaseIterable {
    /// 106 kbps ISO/IEC 14443 Type A (MIFARE, NTAG, ISO-DEP A).
    case typeA106 = 0x00
    /// 212 kbps FeliCa.
    case felica212 = 0x01
    /// 424 kbps FeliCa.
    case felica424 = 0x02
    /// 106 kbps ISO/IEC 14443-3 Type B.
    case typeB106 = 0x03
    /// 106 kbps Innovision Jewel.
    case jewel106 = 0x04
}
