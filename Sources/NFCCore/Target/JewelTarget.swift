/// An Innovision Jewel / Broadcom Topaz target (NFC Forum Type 1).
public struct JewelTarget: Hashable, Sendable {
    /// SENS_RES (ATQA), first byte received most significant, as the reader reports it.
    public var sensRes: UInt16
    /// The 4-byte JEWELID (UID0 … UID3), the answer to RID.
    public var jewelID: [UInt8]

    /// Creates a target from its fields.
    public init(sensRes: UInt16, jewelID: [UInt8]) {
        self.sensRes = sensRes
        self.jewelID = jewelID
    }
}
