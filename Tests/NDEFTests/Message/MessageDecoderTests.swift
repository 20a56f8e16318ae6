import TestSupport
import Testing
@testable import NDEF

@Suite("Message decoder: flags, type name format rules, strict and lenient")
struct MessageDecoderTests {
    /// Data that breaks one rule, the error strict mode gives, and the records lenient mode keeps.
    struct Violation: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var error: NDEFError
        var lenientRecords: Int
        var testDescription: String { name }
    }

    static let violations: [Violation] = [
        Violation(name: "MB on second record", bytes: hex("900000 D00000"),
                  error: NDEFError(offset: 3, reason: .unexpectedMessageBegin), lenientRecords: 2),
        Violation(name: "ME missing", bytes: hex("900000 100000"),
                  error: NDEFError(offset: 6, reason: .missingMessageEnd), lenientRecords: 2),
        Violation(name: "bytes after ME", bytes: hex("D00000 0000"),
                  error: NDEFError(offset: 3, reason: .trailingBytes(count: 2)), lenientRecords: 1),
        Violation(name: "reserved TNF", bytes: hex("D7000100"),
                  error: NDEFError(offset: 0, reason: .reservedTypeNameFormat), lenientRecords: 1),
        Violation(name: "empty record with payload", bytes: hex("D0000100"),
                  error: NDEFError(offset: 0, reason: .contentInEmptyRecord), lenientRecords: 1),
        Violation(name: "unknown with type", bytes: hex("D5010058"),
                  error: NDEFError(offset: 0, reason: .unexpectedType(.unknown)), lenientRecords: 1),
        Violation(name: "well-known without type", bytes: hex("D1000100"),
                  error: NDEFError(offset: 0, reason: .missingType(.nfcWellKnown)), lenientRecords: 1),
        Violation(name: "unchanged outside chunk", bytes: hex("D6000100"),
                  error: NDEFError(offset: 0, reason: .unchangedOutsideChunk), lenientRecords: 1),
        Violation(name: "middle chunk with a type", bytes: hex("B101016101 5601016262"),
                  error: NDEFError(offset: 5, reason: .chunkNotUnchanged), lenientRecords: 1),
        Violation(name: "middle chunk with an id", bytes: hex("B101016101 5E00010149 62"),
                  error: NDEFError(offset: 5, reason: .identifierInChunk), lenientRecords: 1),
        Violation(name: "ME on an unterminated chunk", bytes: hex("F101016101"),
                  error: NDEFError(offset: 0, reason: .unterminatedChunk), lenientRecords: 1),
        Violation(name: "empty record whose last chunk has a payload", bytes: hex("B00000 56000248 79"),
                  error: NDEFError(offset: 0, reason: .contentInEmptyRecord), lenientRecords: 1),
    ]

    @Test(arguments: violations)
    func strictRejectsAndLenientKeeps(_ violation: Violation) throws {
        #expect(throws: violation.error) { try NDEFMessage(decoding: violation.bytes) }
        let lenient = try NDEFMessage(decoding: violation.bytes, mode: .lenient)
        #expect(lenient.records.count == violation.lenientRecords)
    }

    @Test func chunkedRecordIsReassembled() throws {
        let bytes = hex("B1 01 02 58 6869 36 00 01 6A 56 00 02 6B6C")
        let message = try NDEFMessage(decoding: bytes)
        #expect(message.records == [record(.nfcWellKnown, "X", Array("hijkl".utf8))])
    }

    @Test func chunkedWellKnownRecordKeepsItsTypeAndIdentifier() throws {
        let bytes = hex("B9 01 02 01 54 49 026E 36 00 01 65 56 00 02 4869")
        let message = try NDEFMessage(decoding: bytes)
        let only = try #require(message.records.first)
        #expect(only.typeNameFormat == .nfcWellKnown)
        #expect(only.identifier == Array("I".utf8))
        #expect(try only.content() == .text(TextPayload(text: "Hi", languageCode: "ne")))
    }

    @Test func truncatedChunkSeriesIsStructural() throws {
        #expect(throws: NDEFError.self) { try NDEFMessage(decoding: hex("B1 01 02 58 6869 36 00 05 6A"), mode: .lenient) }
    }

    @Test func messageEndInsideChunkSeriesIsAnError() throws {
        #expect(throws: NDEFError(offset: 6, reason: .missingMessageEnd)) {
            try NDEFMessage(decoding: hex("B1 01 02 58 6869"))
        }
    }

    /// FuzzNDEFDecoder's find: a chunked record of TNF empty whose last chunk carries "Hy" was
    /// accepted in strict mode (the rules were checked on the first chunk only) and encoded to
    /// an empty record with a payload, which strict mode rejects.
    @Test func chunkedEmptyRecordWithPayloadIsCheckedAsAWhole() throws {
        let bytes = hex(
            "b901020154490c7e1600000000000000000000000000000000000000002000000000005600024879")
        #expect(throws: NDEFError(offset: 29, reason: .contentInEmptyRecord)) { try NDEFMessage(decoding: bytes) }
        let lenient = try NDEFMessage(decoding: bytes, mode: .lenient)
        #expect(lenient.records.last == NDEFRecord(unchecked: .empty, type: [], identifier: [], payload: Array("Hy".utf8)))
        #expect(try NDEFMessage(decoding: lenient.encoded(), mode: .lenient) == lenient)
    }
}
