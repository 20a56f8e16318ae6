import ISO7816
import Testing
import TestSupport

/// Response APDUs and their status words.
struct ResponseAPDUTests {
    @Test func dataThenStatusWord() throws {
        let response = try ResponseAPDU(bytes: hex("00 0F 90 00"))
        #expect(response.data == [0x00, 0x0F])
        #expect(response.status == .success)
        #expect(response.bytes == hex("00 0F 90 00"))
    }

    @Test func fewerThanTwoBytesIsMalformed() {
        #expect(throws: ISO7816Error.malformedResponse(byteCount: 1)) { try ResponseAPDU(bytes: [0x90]) }
        #expect(throws: ISO7816Error.malformedResponse(byteCount: 0)) { try ResponseAPDU(bytes: []) }
    }

    @Test func statusWordsHaveNames() {
        #expect(StatusWord(0x6A, 0x82) == .fileNotFound)
        #expect(StatusWord.fileNotFound.description == "6A82 (file or application not found)")
        #expect(StatusWord(0x69, 0x82).description.contains("a key is needed"))
        #expect(StatusWord(0x61, 0x10).bytesAvailable == 16)
        #expect(StatusWord(0x61, 0x00).bytesAvailable == 256)
        #expect(StatusWord(0x6C, 0x05).correctExpectedLength == 5)
        #expect(StatusWord.success.bytesAvailable == nil && StatusWord.success.correctExpectedLength == nil)
        #expect(StatusWord(0x6F, 0x00).description == "6F00")
    }
}
