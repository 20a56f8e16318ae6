import Crypto
import NDEF
import Testing
@testable import Credentials

@Suite("Signed door tokens")
struct SignedTokenTests {
    static let key = SymmetricKey(data: Array("a site key of thirty-two bytes!!".utf8))
    static let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    static let token = SignedToken(user: "alice", issued: 1_795_000_000, counter: 7, site: "hq", keyID: 3, groups: ["front", "lab"], expires: 1_800_000_000)

    @Test func issuedTokenVerifiesOnItsTag() throws {
        let record = try Self.token.record(uid: Self.uid, key: Self.key)
        #expect(record.typeNameFormat == .nfcExternal)
        #expect(record.typeString == "pn532ctl.org:token")
        #expect(record.payload.count == 1 + 4 + 16 + 1 + 8 + (1 + 2) + (1 + 6 + 4) + (1 + 5))
        #expect(Array(record.payload.prefix(5)) == [0x02, 0, 0, 0, 7], "version, then the counter")
        #expect(try SignedToken(record: record, uid: Self.uid, key: Self.key) == Self.token)
        let bytes = NDEFMessage(records: [record]).encoded()
        let decoded = try NDEFMessage(decoding: bytes).records[0]
        #expect(try SignedToken(record: decoded, uid: Self.uid, key: Self.key) == Self.token)
    }

    @Test func aCopyOnAnotherTagIsRefused() throws {
        let record = try Self.token.record(uid: Self.uid, key: Self.key)
        var other = Self.uid
        other[6] ^= 0x01
        #expect(throws: TokenError.badMAC) { try SignedToken(record: record, uid: other, key: Self.key) }
    }

    @Test func anotherKeyIsRefused() throws {
        let record = try Self.token.record(uid: Self.uid, key: Self.key)
        let otherKey = SymmetricKey(data: Array("another site's key, 32 bytes..!".utf8))
        #expect(throws: TokenError.badMAC) { try SignedToken(record: record, uid: Self.uid, key: otherKey) }
    }

    @Test func everyAlteredByteIsRefused() throws {
        let record = try Self.token.record(uid: Self.uid, key: Self.key)
        for index in record.payload.indices {
            var payload = record.payload
            payload[index] ^= 0x01
            let altered = try NDEFRecord(format: .nfcExternal, type: record.type, payload: payload)
            #expect(throws: TokenError.self, "byte \(index)") { try SignedToken(record: altered, uid: Self.uid, key: Self.key) }
        }
    }

    @Test func truncationAndOtherRecordsAreTypedErrors() throws {
        let record = try Self.token.record(uid: Self.uid, key: Self.key)
        for length in 0..<record.payload.count {
            let short = try NDEFRecord(format: .nfcExternal, type: record.type, payload: Array(record.payload.prefix(length)))
            #expect(throws: TokenError.self) { try SignedToken(record: short, uid: Self.uid, key: Self.key) }
        }
        #expect(throws: TokenError.notAToken) { try SignedToken(record: .uri("https://a"), uid: Self.uid, key: Self.key) }
        #expect(throws: TokenError.userNameLength(0)) { try SignedToken(user: "", issued: 0, counter: 0).record(uid: Self.uid, key: Self.key) }
    }

    @Test func version2BindsTheLabelSiteKeyIDGroupsExpiryAndUIDLength() throws {
        let record = try Self.token.record(uid: Self.uid, key: Self.key)
        for changed in [
            SignedToken(user: "alice", issued: 1_795_000_000, counter: 7, site: "hr", keyID: 3, groups: ["front", "lab"], expires: 1_800_000_000),
            SignedToken(user: "alice", issued: 1_795_000_000, counter: 7, site: "hq", keyID: 4, groups: ["front", "lab"], expires: 1_800_000_000),
            SignedToken(user: "alice", issued: 1_795_000_000, counter: 7, site: "hq", keyID: 3, groups: ["front"], expires: 1_800_000_000),
            SignedToken(user: "alice", issued: 1_795_000_000, counter: 7, site: "hq", keyID: 3, groups: ["front", "lab"], expires: 0),
        ] {
            let other = try changed.record(uid: Self.uid, key: Self.key)
            #expect(Array(other.payload[5..<21]) != Array(record.payload[5..<21]), "the MAC covers \(changed)")
        }
        let fourByteUID = Array(Self.uid.prefix(4))
        let short = try Self.token.record(uid: fourByteUID, key: Self.key)
        #expect(throws: TokenError.badMAC) { try SignedToken(record: short, uid: Self.uid, key: Self.key) }
        #expect(try SignedToken(record: short, uid: fourByteUID, key: Self.key) == Self.token)
    }

    @Test func version1StillReadsAndSaysSo() throws {
        let legacy = SignedToken(user: "alice", issued: 1_795_000_000, counter: 7, format: .v1)
        let record = try legacy.record(uid: Self.uid, key: Self.key)
        #expect(record.payload.count == 2 + 5 + 8 + 16)
        #expect(try SignedToken(record: record, uid: Self.uid, key: Self.key) == legacy)
        #expect(throws: TokenError.self) { try SignedToken(user: "alice", issued: 0, counter: 0, site: "hq", format: .v1).record(uid: Self.uid, key: Self.key) }
    }

    @Test func boundsOnSiteAndGroupsAreTypedErrors() {
        let long = String(repeating: "x", count: 33)
        #expect(throws: TokenError.self) { try SignedToken(user: "a", issued: 0, counter: 0, site: long).record(uid: Self.uid, key: Self.key) }
        #expect(throws: TokenError.self) { try SignedToken(user: "a", issued: 0, counter: 0, groups: [long]).record(uid: Self.uid, key: Self.key) }
        #expect(throws: TokenError.self) { try SignedToken(user: "a", issued: 0, counter: 0, groups: [""]).record(uid: Self.uid, key: Self.key) }
        #expect(throws: TokenError.self) { try SignedToken(user: "a", issued: 0, counter: 0, groups: Array(repeating: "g", count: 9)).record(uid: Self.uid, key: Self.key) }
    }

    @Test func rewritingTheCounterChangesOnlyTheCounterAndMAC() throws {
        let first = try Self.token.record(uid: Self.uid, key: Self.key)
        var advanced = Self.token
        advanced.counter += 1
        let second = try advanced.record(uid: Self.uid, key: Self.key)
        #expect(first.payload.count == second.payload.count)
        let changed = first.payload.indices.filter { first.payload[$0] != second.payload[$0] }
        #expect(changed.allSatisfy { (1..<21).contains($0) }, "a torn counter write cannot reach the next record: \(changed)")
    }

    @Test func constantTimeComparison() {
        #expect(SignedToken.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!SignedToken.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!SignedToken.constantTimeEqual([1, 2], [1, 2, 3]))
    }
}
