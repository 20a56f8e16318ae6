import NDEF
import PN532
import PN532Simulator
import TagProtocols
import Testing
@testable import Type2

@Suite("Type 2 tags: identification, status, read and write on the simulator")
struct Type2TagTests {
    static let products: [(TagProduct, Type2Product, Int)] = [
        (.ntag210, .ntag210, 46), (.ntag212, .ntag212, 126), (.ntag213, .ntag213, 137),
        (.ntag215, .ntag215, 492), (.ntag216, .ntag216, 868), (.ultralight, .ultralight, 46),
        (.ultralightEV1MF0UL11, .ultralightEV1MF0UL11, 46), (.ultralightEV1MF0UL21, .ultralightEV1MF0UL21, 126),
    ]

    @Test(arguments: products, Transport.allCases)
    func identifiesAndReportsCapacity(_ entry: (TagProduct, Type2Product, Int), _ transport: Transport) throws {
        let field = try SimulatedField(entry.0, transport: transport)
        let tag = try field.tag()
        #expect(tag.product == entry.1)
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: entry.2))
        #expect(try tag.readNDEF() == .empty)
    }

    @Test(arguments: Transport.allCases)
    func blankTagIsNotSupportedUntilFormatted(_ transport: Transport) throws {
        let field = try SimulatedField([SimulatedTag.blank()], transport: transport)
        let tag = try field.tag()
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .notSupported, capacity: 0))
        #expect(throws: Type2Error.self) { try tag.writeNDEF(NDEFMessage(records: [.uri("http://a")])) }
        try tag.format()
        #expect(try tag.queryNDEFStatus() == NDEFStatusReport(status: .readWrite, capacity: 46))
        #expect(try tag.readNDEF() == .empty)
    }

    @Test(arguments: products, Transport.allCases)
    func boundaryLengthsRoundTrip(_ entry: (TagProduct, Type2Product, Int), _ transport: Transport) throws {
        let capacity = entry.2
        for length in [0, 3, 20, capacity - 1, capacity] + (capacity > 255 ? [254, 255, 256] : []) {
            let field = try SimulatedField(entry.0, transport: transport)
            let tag = try field.tag()
            let written = message(ofLength: length)
            #expect(written.length == length, "test message of \(length) bytes")
            try tag.writeNDEF(written)
            #expect(try tag.readNDEF() == written, "\(entry.0) message of \(length) bytes")
        }
    }

    @Test(arguments: products, Transport.allCases)
    func overCapacityWritesNothing(_ entry: (TagProduct, Type2Product, Int), _ transport: Transport) throws {
        let field = try SimulatedField(entry.0, transport: transport)
        let tag = try field.tag()
        let before = field.memory
        #expect(throws: Type2Error.messageTooLong(length: entry.2 + 1, capacity: entry.2)) {
            try tag.writeNDEF(message(ofLength: entry.2 + 1))
        }
        #expect(field.memory == before)
    }

    /// The target: NTAG215 with a 483-byte message, identify + read in at most 6
    /// round trips after selection (nfcpy: about 140).
    @Test(arguments: Transport.allCases)
    func ntag215ReadTakesFourRoundTrips(_ transport: Transport) throws {
        let field = try SimulatedField(.ntag215, transport: transport)
        try field.tag().writeNDEF(message(ofLength: 483))
        let exchange = try field.select()
        let before = field.session.statistics.commands
        let tag = try Type2Tag.identify(exchange)
        let read = try tag.readNDEF()
        #expect(read.length == 483)
        #expect(field.session.statistics.commands - before == 4)
    }

    @Test(arguments: Transport.allCases)
    func rewriteWritesOnlyChangedPages(_ transport: Transport) throws {
        let field = try SimulatedField(.ntag215, transport: transport)
        let tag = try field.tag()
        let first = NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "a", count: 100))])
        try tag.writeNDEF(first)
        #expect(try tag.writeNDEF(first).pagesWritten == 0)
        let second = NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "a", count: 99) + "b")])
        let result = try tag.writeNDEF(second)
        #expect(result.pagesWritten == 3)
        #expect(try tag.readNDEF() == second)
    }

    @Test(arguments: Transport.allCases)
    func lockMakesWritesFail(_ transport: Transport) throws {
        let field = try SimulatedField(.ntag213, transport: transport)
        let tag = try field.tag()
        try tag.writeNDEF(NDEFMessage(records: [.uri("http://a")]))
        try tag.lock()
        #expect(try tag.queryNDEFStatus().status == .readOnly)
        #expect(throws: Type2Error.readOnly) { try tag.writeNDEF(NDEFMessage(records: [.uri("http://b")])) }
        #expect(try tag.readNDEF().records.first?.wellKnownTypeURIPayload() == "http://a")
        #expect(throws: Type2Error.self) { try tag.write(page: 10, [1, 2, 3, 4], step: "WRITE page 10") }
    }

    @Test(arguments: Transport.allCases)
    func passwordProtectionFlow(_ transport: Transport) throws {
        let field = try SimulatedField(.ntag215, transport: transport)
        let tag = try field.tag()
        let password: [UInt8] = [1, 2, 3, 4]
        try tag.protect(PasswordProtection(password: password, acknowledge: [0xAB, 0xCD], attemptLimit: 2))
        let configuration = try #require(tag.product.configurationPage)
        #expect(Array(field.memory[(configuration + 2) * 4..<(configuration + 2) * 4 + 4]) == password)

        let fresh = try field.tag()
        #expect(throws: Type2Error.self) { try fresh.writeNDEF(NDEFMessage(records: [.uri("http://x")])) }
        let again = try field.tag()
        #expect(try again.authenticate(password: password, expectedAcknowledge: [0xAB, 0xCD]) == [0xAB, 0xCD])
        try again.writeNDEF(NDEFMessage(records: [.uri("http://x")]))
        let clone = try field.tag()
        let mismatch = #expect(throws: Type2Error.unexpectedAcknowledgement(answered: [0xAB, 0xCD], expected: [0xAB, 0xCE])) {
            try clone.authenticate(password: password, expectedAcknowledge: [0xAB, 0xCE])
        }
        #expect(mismatch?.description == "the tag answered PACK ABCD, not ABCE: it may be a clone")
        let settings = #expect(throws: Type2Error.unsupported(.protectionSettings(passwordLength: 3, acknowledgeLength: 2, attemptLimit: 8))) {
            try clone.protect(PasswordProtection(password: [1, 2, 3], acknowledge: [0xAB, 0xCD], attemptLimit: 8))
        }
        #expect(settings?.description == "not supported by this tag: a password of 4 bytes, a PACK of 2 bytes and AUTHLIM 0-7")

        let wrong = try field.tag()
        #expect(throws: Type2Error.self) { try wrong.authenticate(password: [9, 9, 9, 9]) }
        try wrong.exchange.reselect()
        try wrong.unprotect(password: password)
        let open = try field.tag()
        try open.writeNDEF(NDEFMessage(records: [.uri("http://y")]))
        #expect(try open.readNDEF().records.first?.wellKnownTypeURIPayload() == "http://y")
    }

    /// AUTHLIM 1 allows 2^1 wrong passwords; after that even the right one is refused.
    /// Without a limit, the same two wrong attempts leave the right password working.
    @Test(arguments: [(UInt8(1), false), (UInt8(0), true)], Transport.allCases)
    func attemptLimitLocksOutTheRightPassword(_ entry: (limit: UInt8, rightPasswordWorks: Bool), _ transport: Transport) throws {
        let (limit, rightPasswordWorks) = entry
        let field = try SimulatedField(.ntag213, transport: transport)
        let password: [UInt8] = [5, 6, 7, 8]
        try field.tag().protect(PasswordProtection(password: password, acknowledge: [1, 2], attemptLimit: limit))
        for _ in 0..<2 {
            let tag = try field.tag()
            #expect(throws: Type2Error.self) { try tag.authenticate(password: [0, 0, 0, 0]) }
        }
        let tag = try field.tag()
        #expect((try? tag.authenticate(password: password)) == (rightPasswordWorks ? [1, 2] : nil))
    }

    /// As NTAG21x counts: AUTHLIM 2 allows 4 failed attempts; 3 leave the right password
    /// working, which resets the count; the 4th in a row locks PWD_AUTH for good (issue 21).
    @Test func theAttemptCountResetsOnARightPasswordAndLocksAtTheLimit() throws {
        let field = try SimulatedField(.ntag215)
        let password: [UInt8] = [5, 6, 7, 8]
        try field.tag().protect(PasswordProtection(
            password: password, acknowledge: [1, 2], attemptLimit: try #require(AttemptLimit.authenticationLimit(attempts: 4))))
        func wrong(_ count: Int) throws {
            for _ in 0..<count { #expect(throws: Type2Error.wrongPassword) { try field.tag().authenticate(password: [0, 0, 0, 0]) } }
        }
        for _ in 0..<2 {
            try wrong(3)
            #expect(try field.tag().authenticate(password: password) == [1, 2])
        }
        try wrong(4)
        #expect(throws: Type2Error.wrongPassword) { try field.tag().authenticate(password: password) }
        #expect(AttemptLimit.authenticationLimit(attempts: 3) == nil && AttemptLimit.authenticationLimit(attempts: 1) == nil)
        #expect(AttemptLimit.attemptCounts.map { AttemptLimit.authenticationLimit(attempts: $0) } == [1, 2, 3, 4, 5, 6, 7])
        #expect(AttemptLimit.attempts(authenticationLimit: 7) == 128 && AttemptLimit.attempts(authenticationLimit: 0) == 0)
    }

    @Test(arguments: Transport.allCases)
    func signatureAndCounter(_ transport: Transport) throws {
        let field = try SimulatedField(.ntag215, transport: transport)
        let tag = try field.tag()
        #expect(try tag.readSignature().count == 32)
        let ultralight = try SimulatedField(.ultralight, transport: transport).tag()
        let error = #expect(throws: Type2Error.unsupported(.command(.readSignature, product: .ultralight))) { try ultralight.readSignature() }
        #expect(error?.description == "not supported by this tag: READ_SIG on MIFARE Ultralight")
    }
}
