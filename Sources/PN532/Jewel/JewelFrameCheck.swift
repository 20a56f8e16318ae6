/// The frame check a Jewel (Topaz, Type 1) puts after each command and answer: CRC_B of
/// ISO/IEC 14443-3 Type B (reference §1.2).
public enum JewelFrameCheck {
    /// CRC_B over `bytes`: initial value FFFF, reflected polynomial 8408, final XOR FFFF; the
    /// two bytes as sent, least significant first (`78 00 00 00 00 00 00` → `D0 43`).
    public static func crcB(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var crc: UInt16 = 0xFFFF
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? crc >> 1 ^ 0x8408 : crc >> 1
            }
        }
        crc = ~crc
        return [UInt8(truncatingIfNeeded: crc), UInt8(truncatingIfNeeded: crc >> 8)]
    }
}
