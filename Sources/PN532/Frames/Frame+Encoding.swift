extension Frame {
    /// The bytes of this frame on the wire, preamble and postamble included.
    ///
    /// An information frame whose TFI and payload fit in 255 bytes is a normal frame
    /// (`00 00 FF LEN LCS TFI PD… DCS 00`); a longer one is an extended frame
    /// (`00 00 FF FF FF LENM LENL LCS TFI PD… DCS 00`), as the PN532 itself chooses.
    ///
    /// - Throws: ``FrameEncodingError/payloadTooLong(count:)`` when the payload is longer than
    ///   ``maximumPayloadCount``.
    public func encoded() throws(FrameEncodingError) -> [UInt8] {
        switch self {
        case .ack:
            return [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]
        case .nack:
            return [0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00]
        case .error:
            return Self.informationBytes(identifier: Self.errorFrameIdentifier, payload: [])
        case let .information(direction, payload):
            guard payload.count <= Self.maximumPayloadCount else {
                throw .payloadTooLong(count: payload.count)
            }
            return Self.informationBytes(identifier: direction.rawValue, payload: payload)
        }
    }

    /// Preamble, start code, length field, TFI, payload, DCS and postamble.
    private static func informationBytes(identifier: UInt8, payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 1
        var bytes: [UInt8] = [0x00, 0x00, 0xFF]
        bytes.reserveCapacity(length + 10)
        if length <= 0xFF {
            let lengthByte = UInt8(length)
            bytes += [lengthByte, checksum(of: [lengthByte])]
        } else {
            let lengthBytes = [UInt8(length >> 8), UInt8(length & 0xFF)]
            bytes += [0xFF, 0xFF] + lengthBytes + [checksum(of: lengthBytes)]
        }
        bytes.append(identifier)
        bytes += payload
        bytes.append(checksum(of: [identifier] + payload))
        bytes.append(0x00)
        return bytes
    }
}
