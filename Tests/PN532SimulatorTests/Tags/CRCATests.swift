import TestSupport
import PN532Simulator
import Testing

struct CRCATests {
    @Test(arguments: [
        ("60", "F8 32"),
        ("30 00", "02 A8"),
        ("50 00", "57 CD"),
        ("", "63 63"),
    ])
    func referenceVectors(input: String, crc: String) {
        #expect(CRCA.checksum(hex(input)) == hex(crc))
    }

    @Test func acceptsAnyCollection() {
        let bytes: ArraySlice<UInt8> = [0xFF, 0x30, 0x00][1...]
        #expect(CRCA.checksum(bytes) == [0x02, 0xA8])
    }
}
