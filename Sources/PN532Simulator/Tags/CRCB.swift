/// The ISO/IEC 14443-3 Type B frame check (CRC_B), which a Topaz (Type 1) puts after each
/// command and answer.
public enum CRCB {
    /// CRC_B over `bytes`: initial value FFFF, reflected polynomial 8408, final XOR FFFF,
    /// returned as the two bytes sent on the air, least significant first (`00 00` → `47 0F`).
    public static func checksum(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var crc: UInt16 = 0xFFFF
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 {
                crc = crc & 1 != 0 ? crc >> 1 ^ 0x8408 : crc >> 1
            }
        }
        crc ^= 0xFFFF
        return [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }
}
