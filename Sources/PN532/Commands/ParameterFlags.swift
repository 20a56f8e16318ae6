/// The flags of SetParameters.
public struct ParameterFlags: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Use a node address (NAD) in initiator mode.
    public static let nadUsed = ParameterFlags(rawValue: 0x01)
    /// Use a device identifier (DID) in initiator mode.
    public static let didUsed = ParameterFlags(rawValue: 0x02)
    /// Send ATR_RES automatically in target mode.
    public static let automaticATRResponse = ParameterFlags(rawValue: 0x04)
    /// Send RATS automatically when an ISO/IEC 14443-4 target is activated (default on).
    public static let automaticRATS = ParameterFlags(rawValue: 0x10)
    /// Emulate an ISO/IEC 14443-4 PICC in target mode.
    public static let iso14443Part4PICC = ParameterFlags(rawValue: 0x20)
    /// Send frames without preamble and postamble.
    public static let removePreambleAndPostamble = ParameterFlags(rawValue: 0x40)
}
