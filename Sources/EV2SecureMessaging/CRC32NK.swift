/// CRC32NK of ChangeKey: CRC-32/IEEE (reflected polynomial EDB88320, register FFFFFFFF)
/// over the new key, without the final complement, LSB first ([DS] §10.6.1; pinned by
/// AN12196's `F3847D62… → 789DFADC`).
enum CRC32NK {
    static func of(_ bytes: [UInt8]) -> [UInt8] {
        var register: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            register ^= UInt32(byte)
            for _ in 0..<8 {
                register = register & 1 != 0 ? register >> 1 ^ 0xEDB8_8320 : register >> 1
            }
        }
        return [UInt8(register & 0xFF), UInt8(register >> 8 & 0xFF), UInt8(register >> 16 & 0xFF), UInt8(register >> 24)]
    }
}
