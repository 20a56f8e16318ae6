/// The ISO/IEC 14443-3 Type A frame check (CRC_A).
public enum CRCA {
    /// CRC_A over `bytes`: initial value 6363, reflected polynomial 8408, returned as the two
    /// bytes sent on the air, least significant first (`60` → `F8 32`).
    public static func checksum(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var crc: UInt16 = 0x6363
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 {
                crc = crc & 1 != 0 ? crc >> 1 ^ 0x8408 : crc >> 1
            }
        }
        return [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }
}
