import TestSupport
import Testing
@testable import NDEF

@Suite("Truncated input always gives a typed error")
struct TruncationTests {
    /// Strict mode rejects every cut. Lenient mode may accept a cut at a record boundary (only
    /// the ME flag is missing) and must then return exactly the records before the cut.
    @Test(arguments: referenceVectors)
    func everyPrefixFailsCleanly(_ vector: ReferenceVector) throws {
        let whole = try NDEFMessage(decoding: vector.bytes, mode: .lenient).records
        for length in 0..<vector.bytes.count {
            let prefix = Array(vector.bytes[..<length])
            #expect(throws: NDEFError.self, "\(vector.name) cut at \(length)") {
                try NDEFMessage(decoding: prefix)
            }
            if let lenient = try? NDEFMessage(decoding: prefix, mode: .lenient) {
                #expect(Array(whole.prefix(lenient.records.count)) == lenient.records)
                #expect(NDEFMessage(records: lenient.records).length == length)
            }
        }
    }

    @Test func truncationNamesTheFieldAndOffset() throws {
        #expect(throws: NDEFError(offset: 3, reason: .truncated(.type, needed: 1, available: 0))) {
            try NDEFMessage(decoding: hex("D1010A"))
        }
        #expect(throws: NDEFError(offset: 0, reason: .empty)) { try NDEFMessage(decoding: []) }
    }

    @Test func gigabytePayloadLengthFailsWithoutAllocating() throws {
        let bytes = hex("C1 00 FFFFFFFF 0102")
        #expect(throws: NDEFError(offset: 6, reason: .truncated(.payload, needed: 0xFFFF_FFFF, available: 2))) {
            try NDEFMessage(decoding: bytes, mode: .lenient)
        }
    }
}
