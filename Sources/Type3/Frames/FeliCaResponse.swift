/// A FeliCa response frame as a card sent it: a length byte that counts itself and the
/// packet, then the packet (response code first).
///
/// The bytes come from the card: a frame whose length byte does not match is refused rather
/// than sliced.
public struct FeliCaResponse: Hashable, Sendable {
    /// The response packet, without the length byte.
    public var packet: [UInt8]

    /// The packet of `frame`; nil when the length byte is missing, is not the frame's length,
    /// or leaves an empty packet.
    public init?(frame: [UInt8]) {
        guard let length = frame.first, Int(length) == frame.count, frame.count > 1 else { return nil }
        packet = Array(frame.dropFirst())
    }

    /// The frame that carries `packet` to or from a card: its length byte, then the packet;
    /// nil for an empty packet or one longer than a length byte can count (254 bytes).
    public static func frame(carrying packet: [UInt8]) -> [UInt8]? {
        guard !packet.isEmpty, packet.count < Int(UInt8.max) else { return nil }
        return [UInt8(packet.count + 1)] + packet
    }
}
