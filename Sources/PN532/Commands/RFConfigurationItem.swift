/// One configuration item of RFConfiguration and its data.
public enum RFConfigurationItem: Hashable, Sendable {
    /// Item 01: switch the RF field on or off; `autoRFCA` enables RF collision avoidance.
    case field(on: Bool, autoRFCA: Bool = false)
    /// Item 02: the ATR_RES timeout and the timeout of InCommunicateThru (and of InDataExchange
    /// with MIFARE and FeliCa targets).
    case timings(atrResponse: RFTimeout, communication: RFTimeout)
    /// Item 04: how many times InCommunicateThru and InDataExchange retry (MaxRtyCOM).
    case maxRetryCOM(UInt8)
    /// Item 05: retries of ATR_REQ, PSL_REQ and passive activation; `FF` retries forever,
    /// `00` tries once.
    case maxRetries(atr: UInt8, psl: UInt8, passiveActivation: UInt8)

    /// The CfgItem byte.
    public var itemCode: UInt8 {
        switch self {
        case .field: 0x01
        case .timings: 0x02
        case .maxRetryCOM: 0x04
        case .maxRetries: 0x05
        }
    }

    /// The ConfigurationData bytes.
    public var data: [UInt8] {
        switch self {
        case let .field(on, autoRFCA):
            [(autoRFCA ? 0x02 : 0x00) | (on ? 0x01 : 0x00)]
        case let .timings(atrResponse, communication):
            [0x00, atrResponse.rawValue, communication.rawValue]
        case let .maxRetryCOM(count):
            [count]
        case let .maxRetries(atr, psl, passiveActivation):
            [atr, psl, passiveActivation]
        }
    }
}
