/// An ISO/IEC 7816-4 response APDU as a card sent it: the data, then the status word SW1 SW2.
///
/// The bytes come from the card: an answer shorter than its status word is refused rather
/// than sliced.
public struct ResponseAPDU: Hashable, Sendable {
    /// The response data (without the status word).
    public var data: [UInt8]
    /// SW1 SW2 as one number: `0x9000`, `0x91AF`, `0x6A82`.
    public var status: UInt16

    /// Splits an answer into data and status word; nil when it has fewer than 2 bytes.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return nil }
        data = Array(bytes[..<(bytes.count - 2)])
        status = UInt16(bytes[bytes.count - 2]) << 8 | UInt16(bytes[bytes.count - 1])
    }
}
