/// A FeliCa target (NFC Forum Type 3) that answered a polling request.
public struct NFCFTarget: Hashable, Sendable {
    /// The 8-byte manufacture ID: the card's identifier (`01 2E …` for a FeliCa Lite-S).
    public var idm: [UInt8]
    /// The 8-byte manufacture parameter: byte 1 is the IC type (`F1` FeliCa Lite-S).
    public var pmm: [UInt8]
    /// The system code, when the polling request asked for it: `12FC` for NFC Forum Type 3,
    /// `88B4` for FeliCa Lite(-S) without NDEF.
    public var systemCode: UInt16?
    /// The bit rate the target answered at.
    public var bitRate: BitRate

    /// The FeliCa bit rates.
    public enum BitRate: Int, Hashable, Sendable {
        case kbps212 = 212
        case kbps424 = 424
    }

    /// The length of IDm and of PMm.
    public static let idLength = 8

    /// Creates a target from its fields.
    public init(idm: [UInt8], pmm: [UInt8], systemCode: UInt16? = nil, bitRate: BitRate) {
        self.idm = idm
        self.pmm = pmm
        self.systemCode = systemCode
        self.bitRate = bitRate
    }

    /// The IC type: PMm byte 1 (nil for a short PMm).
    public var icType: UInt8? {
        pmm.count > 1 ? pmm[1] : nil
    }
}
