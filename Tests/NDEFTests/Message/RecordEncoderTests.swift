import TestSupport
import Testing
@testable import NDEF

@Suite("Encoder: short and long records, identifiers, chunking")
struct RecordEncoderTests {
    @Test func shortRecordUpTo255BytesLongFrom256() throws {
        let short = record(.unknown, "", [UInt8](repeating: 1, count: 255))
        let long = record(.unknown, "", [UInt8](repeating: 1, count: 256))
        #expect(Array(short.encoded(messageBegin: true, messageEnd: true).prefix(3)) == hex("D5 00 FF"))
        #expect(Array(long.encoded(messageBegin: true, messageEnd: true).prefix(6)) == hex("C5 00 00000100"))
        #expect(short.length == 3 + 255)
        #expect(long.length == 6 + 256)
    }

    @Test func identifierSetsIL() throws {
        let bytes = record(.nfcWellKnown, "X", id: "id", [7]).encoded(messageBegin: true, messageEnd: true)
        #expect(bytes == hex("D9 01 01 02 58 6964 07"))
    }

    @Test func chunkedEncodingSplitsAndReassembles() throws {
        let payload = (0..<10).map { UInt8($0) }
        let message = NDEFMessage(records: [record(.media, "a/b", id: "i", payload), .uri("http://x")])
        let bytes = message.encoded(maximumChunkSize: 4)
        #expect(bytes.prefix(12) == hex("BA 03 04 01 612F62 69 00010203")[...])
        #expect(bytes[12] == 0x36)
        #expect(bytes.count == message.length + 2 * 3)
        #expect(try NDEFMessage(decoding: bytes) == message)
    }

    @Test func chunkSizeLargerThanPayloadsChangesNothing() throws {
        let message = NDEFMessage(records: [.uri("http://nfcpy.org")])
        #expect(message.encoded(maximumChunkSize: 100) == message.encoded())
    }

    @Test func lastChunkOfLastRecordCarriesME() throws {
        let message = NDEFMessage(records: [record(.unknown, "", [1, 2, 3])])
        let bytes = message.encoded(maximumChunkSize: 1)
        #expect(bytes == hex("B5 00 01 01 36 00 01 02 56 00 01 03"))
    }

    @Test func emptyMessageEncodesToNothing() throws {
        #expect(NDEFMessage.empty.encoded().isEmpty)
        #expect(NDEFMessage.empty.length == 0)
    }
}
