/// The answer to select (ATS) of an ISO/IEC 14443-4 Type A target, as received:
/// `TL T0 [TA] [TB] [TC] historical bytes…` (the CRC removed).
///
/// The bytes come from the card: every field is read with its bounds checked, and a field the
/// bytes do not hold is nil or empty rather than a trap.
public struct AnswerToSelect: Hashable, Sendable {
    /// The bytes, starting with the length byte TL.
    public var bytes: [UInt8]

    /// Wraps the bytes of an ATS.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The format byte T0, nil when the ATS is only its length byte.
    public var formatByte: UInt8? {
        bytes.count > 1 ? bytes[1] : nil
    }

    /// FSCI: the largest frame the card accepts, coded 0 … 8 (16 … 256 bytes); nil without T0.
    public var frameSizeIndex: UInt8? {
        formatByte.map { $0 & 0x0F }
    }

    /// The historical bytes: what follows T0 and the interface bytes it announces, up to the
    /// length TL says (and no further than the bytes received). Empty when there are none or
    /// the ATS is too short to hold them.
    public var historicalBytes: [UInt8] {
        guard let format = formatByte else { return [] }
        let interfaceBytes = [0x10, 0x20, 0x40].filter { Int(format) & $0 != 0 }.count
        let start = 2 + interfaceBytes
        let end = min(bytes.count, Int(bytes[0]))
        guard start < end else { return [] }
        return Array(bytes[start..<end])
    }
}
