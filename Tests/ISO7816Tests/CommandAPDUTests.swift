import ISO7816
import Testing
import TestSupport

/// Command APDUs in their short and extended forms, and the bounds of Lc and Le.
struct CommandAPDUTests {
    @Test func theFourShortCases() throws {
        #expect(try CommandAPDU(instruction: 0x84, p1: 0, p2: 0).bytes == hex("00 84 00 00"))
        #expect(try CommandAPDU(instruction: 0xB0, p1: 0, p2: 2, expectedLength: 15).bytes == hex("00 B0 00 02 0F"))
        #expect(try CommandAPDU(instruction: 0xA4, p1: 0, p2: 0x0C, data: [0xE1, 0x03]).bytes == hex("00 A4 00 0C 02 E1 03"))
        let select = try CommandAPDU(instruction: 0xA4, p1: 4, p2: 0, data: hex("D2760000850101"), expectedLength: 256)
        #expect(select.bytes == hex("00 A4 04 00 07 D2 76 00 00 85 01 01 00"))
        #expect(!select.isExtended)
    }

    @Test func extendedWhenLcOrLeDoesNotFitShort() throws {
        let read = try CommandAPDU(instruction: 0xB0, p1: 0, p2: 0, expectedLength: 257)
        #expect(read.bytes == hex("00 B0 00 00 00 01 01"))
        #expect(try CommandAPDU(instruction: 0xB0, p1: 0, p2: 0, expectedLength: 65536).bytes == hex("00 B0 00 00 00 00 00"))
        let data = [UInt8](repeating: 0xAB, count: 256)
        let update = try CommandAPDU(instruction: 0xD6, p1: 0, p2: 0, data: data)
        #expect(update.bytes == hex("00 D6 00 00 00 01 00") + data)
        let both = try CommandAPDU(instruction: 0x2A, p1: 0, p2: 0, data: data, expectedLength: 4)
        #expect(both.bytes == hex("00 2A 00 00 00 01 00") + data + hex("00 04"))
    }

    @Test func boundsAreChecked() {
        #expect(throws: ISO7816Error.self) { try CommandAPDU(instruction: 0xB0, p1: 0, p2: 0, expectedLength: 0) }
        #expect(throws: ISO7816Error.self) { try CommandAPDU(instruction: 0xB0, p1: 0, p2: 0, expectedLength: 65537) }
        #expect(throws: ISO7816Error.self) { try CommandAPDU(instruction: 0xD6, p1: 0, p2: 0, data: [UInt8](repeating: 0, count: 65536)) }
        #expect((try? CommandAPDU(instruction: 0xD6, p1: 0, p2: 0, data: [UInt8](repeating: 0, count: 65535))) != nil)
    }
}
