import NFCCore
import Testing

@Suite("TransportFailure keeps the reader's error")
struct TransportFailureTests {
    struct ReaderError: Error, Equatable { var status: UInt8 }

    @Test func theUnderlyingErrorIsKeptButIsNotIdentity() throws {
        let failure = TransportFailure(.reader, "the PN532 answered status 0x27", underlying: ReaderError(status: 0x27))
        #expect(try #require(failure.underlying as? ReaderError) == ReaderError(status: 0x27))
        #expect(failure == TransportFailure(.reader, "the PN532 answered status 0x27"))
        #expect(failure != TransportFailure(.budgetExhausted, "the PN532 answered status 0x27"))
        #expect(TagExchangeError.transport(failure).description == "the PN532 answered status 0x27")
    }
}
