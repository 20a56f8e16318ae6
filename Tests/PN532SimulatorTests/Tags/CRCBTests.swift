import PN532Simulator
import TestSupport
import Testing

/// CRC_B against the VERIFIED values of reference §1.2 and §5.1.
struct CRCBTests {
    @Test(arguments: [
        ("78 00 00 00 00 00 00", "D0 43"),
        ("02 10 00 00 00 00 00 00 00 00 B2 56 54 00", "29 B7"),
        ("1B 10 00 00 00 00 00 00 00 00 B2 56 54 00", "77 F0"),
        ("54 10 00 00 00 00 00 00 00 00 B2 56 54 00", "FC 2C"),
        ("1A 7F 42 38 01 9A 00", "17 E8"),
        ("53 7F 42 38 01 9A 00", "28 6E"),
        ("00 00", "47 0F"),
    ])
    func referenceVectors(input: String, crc: String) {
        #expect(CRCB.checksum(hex(input)) == hex(crc))
    }
}
