import Basics
import Testing

@Suite("Hex: the one hex codec")
struct HexTests {
    @Test func encodesUpperCaseWithTheSeparatorGiven() {
        #expect(Hex.encode([0xD1, 0x01, 0x0A]) == "D1010A")
        #expect(Hex.encode([0x04, 0xA2, 0x2B], separator: ":") == "04:A2:2B")
        #expect(hexText([0xD4, 0x4A, 0x01, 0x00]) == "D4 4A 01 00")
        #expect(hexByte(0x4B) == "0x4B")
        #expect(Hex.encode([]) == "")
    }

    @Test func strictDecodingTakesPairsOfDigitsInEitherCaseOnly() {
        #expect(Hex.bytes("04a2FF") == [0x04, 0xA2, 0xFF])
        #expect(Hex.bytes("") == [])
        #expect(Hex.bytes("04A") == nil)
        #expect(Hex.bytes("04 A2") == nil)
        #expect(Hex.bytes("0G") == nil)
        #expect(Hex.bytes("٠٤") == nil, "Arabic-Indic digits are not hex digits")
    }

    @Test func separatorsAreSkippedAndErrorsSayWhere() throws {
        #expect(try Hex.bytes("04:a2 2b\n1A", skipping: Hex.commonSeparators) == [0x04, 0xA2, 0x2B, 0x1A])
        #expect(throws: HexTextError.notADigit("x", position: 4)) { try Hex.bytes("04 x2", skipping: Hex.commonSeparators) }
        #expect(throws: HexTextError.oddDigitCount) { try Hex.bytes("04 A", skipping: Hex.commonSeparators) }
        #expect(HexTextError.oddDigitCount.description.contains("each byte needs two"))
    }

    @Test func everyByteRoundTrips() {
        let all = (0...255).map(UInt8.init)
        #expect(Hex.bytes(Hex.encode(all)) == all)
        #expect(Hex.bytes(Hex.encode(all).lowercased()) == all)
        #expect(all.allSatisfy { byte in Hex.digitValue(byte) == Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init) })
    }

    @Test func textMeantAsHexIsRecognised() {
        #expect(Hex.looksLikeHex(Array("D1 01 0A\n".utf8)))
        #expect(!Hex.looksLikeHex(Array(" \n:".utf8)))
        #expect(!Hex.looksLikeHex(Array("D1 01 0G".utf8)))
    }
}
