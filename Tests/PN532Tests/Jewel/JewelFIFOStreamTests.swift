import PN532
import TestSupport
import Testing

/// CRC_B and the 9-bit FIFO stream of the Jewel bypass, against the reference's VERIFIED
/// vectors (§1.2, §5.1), and hostile FIFO content.
struct JewelFIFOStreamTests {
    @Test(arguments: [
        ("78 00 00 00 00 00 00", "D0 43"),
        ("02 10 00 00 00 00 00 00 00 00 B2 56 54 00", "29 B7"),
        ("1B 10 00 00 00 00 00 00 00 00 B2 56 54 00", "77 F0"),
        ("54 10 00 00 00 00 00 00 00 00 B2 56 54 00", "FC 2C"),
        ("1A 7F 42 38 01 9A 00", "17 E8"),
        ("53 7F 42 38 01 9A 00", "28 6E"),
        ("00 00", "47 0F"),
    ])
    func crcBReferenceVectors(input: String, crc: String) {
        #expect(JewelFrameCheck.crcB(hex(input)) == hex(crc))
    }

    @Test func theReferenceFIFOVectorDecodes() throws {
        #expect(try JewelFIFOStream.decode(hex("00 01 1E 7D 08")) == [0x00, 0x00])
    }

    @Test func aREAD8AnswerFillsThirteenFIFOBytes() {
        #expect(JewelFIFOStream.fifoCount(answerCount: 11) == 13)
    }

    @Test func moreThanTheFIFOHoldsIsRefused() {
        #expect(throws: JewelFIFOError.longerThanFIFO(65)) { try JewelFIFOStream.decode([UInt8](repeating: 0xFF, count: 65)) }
    }

    @Test(arguments: [[], [0x00], hex("00 01 1E 7D 08 00 00 00 00 00"), [UInt8](repeating: 0, count: 19)] as [[UInt8]])
    func bytesThatAreNotWholeNineBitBytesAreRefused(fifo: [UInt8]) {
        #expect(throws: JewelFIFOError.bitCount(fifo.count)) { try JewelFIFOStream.decode(fifo) }
    }

    @Test func aWrongParityBitIsRefused() {
        #expect(throws: JewelFIFOError.parity(byteIndex: 1)) { try JewelFIFOStream.decode(hex("00 03 1E 7D 08")) }
    }

    @Test func aWrongCRCIsRefused() {
        // Byte 0 set to 01 with its parity bit cleared: parity right, CRC_B wrong.
        #expect(throws: JewelFIFOError.crc) { try JewelFIFOStream.decode(hex("01 00 1E 7D 08")) }
    }

    @Test func errorsSayWhatIsWrong() {
        #expect(JewelFIFOError.longerThanFIFO(200).description.contains("200 bytes"))
        #expect(JewelFIFOError.crc.description.contains("CRC_B"))
    }
}
