import Testing
@testable import NDEF

@Suite("Record construction enforces the TNF rules")
struct NDEFRecordTests {
    @Test func validRecordsAreAccepted() throws {
        _ = try NDEFRecord(format: .empty, type: [], payload: [])
        _ = try NDEFRecord(format: .unknown, type: [], payload: [1])
        _ = try NDEFRecord(format: .media, type: Array("a/b".utf8), payload: [])
    }

    @Test func invalidRecordsAreRefused() throws {
        #expect(throws: NDEFError(offset: 0, reason: .contentInEmptyRecord)) {
            try NDEFRecord(format: .empty, type: [], payload: [1])
        }
        #expect(throws: NDEFError(offset: 0, reason: .missingType(.nfcExternal))) {
            try NDEFRecord(format: .nfcExternal, type: [], payload: [])
        }
        #expect(throws: NDEFError(offset: 0, reason: .unexpectedType(.unknown))) {
            try NDEFRecord(format: .unknown, type: [1], payload: [])
        }
        #expect(throws: NDEFError(offset: 0, reason: .unchangedOutsideChunk)) {
            try NDEFRecord(format: .unchanged, type: [], payload: [])
        }
        #expect(throws: NDEFError(offset: 0, reason: .reservedTypeNameFormat)) {
            try NDEFRecord(format: .reserved, type: [], payload: [])
        }
        #expect(throws: NDEFError(offset: 0, reason: .fieldTooLong(.type, length: 256, maximum: 255))) {
            try NDEFRecord(format: .media, type: [UInt8](repeating: 0x61, count: 256), payload: [])
        }
        #expect(throws: NDEFError(offset: 0, reason: .fieldTooLong(.identifier, length: 300, maximum: 255))) {
            try NDEFRecord(format: .media, type: [0x61], identifier: [UInt8](repeating: 0, count: 300), payload: [])
        }
    }

    @Test func allEightTypeNameFormatsExist() throws {
        #expect(TypeNameFormat.allCases.map(\.rawValue) == Array(0...7))
    }
}
