import Basics
import DoorRecords
import Foundation
import Testing

@Suite("Signed unlock commands: what a door accepts, and every way one is refused")
struct UnlockCommandTests {
    static let key = FleetSigningKey()
    static let nonce = [UInt8](repeating: 0xA5, count: 16)
    static let issued: UInt64 = 1_764_205_200

    static func signed(
        door: String = "front", nonce: [UInt8] = nonce, issued: UInt64 = issued, expires: UInt64 = issued + 60, reason: String = "", by key: FleetSigningKey = key
    ) throws -> SignedUnlockCommand {
        try key.sign(UnlockCommand(door: door, nonce: nonce, issued: issued, expires: expires, reason: reason))
    }

    static func verify(_ signed: SignedUnlockCommand, door: String = "front", now: Int64 = Int64(issued) + 1, synchronised: Bool = true) throws(UnlockCommandError) -> UnlockCommand {
        try key.publicKey.verify(try SignedUnlockCommand(json: Array(signed.json.utf8)), door: door, now: now, clockSynchronised: synchronised)
    }

    @Test func aCommandForThisDoorVerifiesAfterTheTrip() throws {
        let command = try Self.verify(try Self.signed(reason: "alice: courier at the gate"))
        #expect(command.door == "front")
        #expect(command.nonce == Self.nonce)
        #expect(command.reason == "alice: courier at the gate")
        #expect(try Self.signed().json == #"{"format":"pn532ctl-unlock/1","door":"front","nonce":"A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5","issued":1764205200,"expires":1764205260,"signature":"\#(Hex.encode(try Self.signed().signature))"}"#)
    }

    @Test func aTamperedCommandOrAnotherKeysIsABadSignature() throws {
        for (from, to) in [("\"door\":\"front\"", "\"door\":\"back\""), ("\"expires\":1764205260", "\"expires\":1764205280"), ("A5A5\",", "A5A6\",")] {
            let json = try Self.signed().json.replacingOccurrences(of: from, with: to)
            #expect(json != (try Self.signed().json))
            let tampered = try SignedUnlockCommand(json: Array(json.utf8))
            #expect(throws: UnlockCommandError.badSignature) { try Self.key.publicKey.verify(tampered, door: tampered.command.door, now: Int64(Self.issued), clockSynchronised: true) }
        }
        #expect(throws: UnlockCommandError.badSignature) { try Self.verify(try Self.signed(by: FleetSigningKey())) }
    }

    @Test func aSnapshotSignatureNeverVerifiesAsACommand() throws {
        let snapshot = try Self.key.sign(UsersSnapshot(site: "hq", group: "front", version: 1, issued: Self.issued, users: ""))
        let forged = SignedUnlockCommand(command: try Self.signed().command, signature: snapshot.signature)
        #expect(throws: UnlockCommandError.badSignature) { try Self.verify(forged) }
    }

    @Test func eachRefusalHasItsReason() throws {
        #expect(throws: UnlockCommandError.otherDoor(found: "back", expected: "front")) { try Self.verify(try Self.signed(door: "back")) }
        #expect(throws: UnlockCommandError.tooLongLived(seconds: 121, maximum: 120)) { try Self.verify(try Self.signed(expires: Self.issued + 121)) }
        #expect(throws: UnlockCommandError.clockUnsynchronised) { try Self.verify(try Self.signed(), synchronised: false) }
        #expect(throws: UnlockCommandError.notYetValid(issued: Self.issued, now: Int64(Self.issued) - 31)) { try Self.verify(try Self.signed(), now: Int64(Self.issued) - 31) }
        #expect(throws: UnlockCommandError.notYetValid(issued: Self.issued, now: -1)) { try Self.verify(try Self.signed(), now: -1) }
        #expect(throws: UnlockCommandError.expired(expires: Self.issued + 60, now: Int64(Self.issued) + 60)) { try Self.verify(try Self.signed(), now: Int64(Self.issued) + 60) }
        #expect(throws: Never.self) { try Self.verify(try Self.signed(), now: Int64(Self.issued) - 30) }
        #expect(throws: Never.self) { try Self.verify(try Self.signed(expires: Self.issued + 120), now: Int64(Self.issued) + 119) }
    }

    @Test func everyRefusalHasADistinctCodeForTheAuditLine() {
        let refusals: [UnlockCommandError] = [
            .tooLarge(2000), .malformed("x"), .unknownFormat("y"), .badSignature, .otherDoor(found: "a", expected: "b"), .clockUnsynchronised,
            .notYetValid(issued: 2, now: 1), .expired(expires: 1, now: 2), .tooLongLived(seconds: 200, maximum: 120), .replayed, .ledgerFull(512),
            .ledgerUnavailable("z"),
        ]
        #expect(Set(refusals.map(\.code)).count == refusals.count)
        #expect(UnlockCommandError.badField("w").code == "malformed")
        #expect(refusals.allSatisfy { !$0.description.isEmpty && $0.code.utf8.allSatisfy { (0x61...0x7A).contains($0) || $0 == 0x2D } })
    }

    @Test func aPayloadOverOneKibibyteIsRefusedUnread() {
        let huge = [UInt8](repeating: 0x20, count: 10_000_000)
        #expect(throws: UnlockCommandError.tooLarge(10_000_000)) { try SignedUnlockCommand(json: huge) }
    }

    static let signatureHex = String(repeating: "0", count: 128)
    static let nonceHex = String(repeating: "A5", count: 16)

    @Test(arguments: [
        ("{}", UnlockCommandError.malformed("\"format\" is missing or not a string")),
        ("[]", .malformed("byte 0: expected \"{\"")),
        (#"{"format":"pn532ctl-unlock/2"}"#, .unknownFormat("pn532ctl-unlock/2")),
        (#"{"format":"pn532ctl-unlock/1","format":"pn532ctl-unlock/1"}"#, .malformed("byte 30: key \"format\" appears twice")),
        (#"{"format":"pn532ctl-unlock/1","retain":true}"#, .malformed("unknown member \"retain\"")),
        (#"{"format":"pn532ctl-unlock/1","signature":"00"}"#, .malformed("\"signature\" is not 128 hex digits")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"\#(String(repeating: "A5", count: 33))"}"#, .malformed("\"nonce\" is not hex of at most 32 bytes")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"A5"}"#, .malformed("\"door\" is missing or not a string")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"A5","door":"front","issued":1,"expires":2}"#, .badField("the nonce has 1 bytes, not 16 to 32")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"\#(nonceHex)","door":"front","issued":"1","expires":2}"#, .malformed("\"issued\" is missing or not a whole number")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"\#(nonceHex)","door":"front","issued":1.5,"expires":2}"#, .malformed("\"issued\" is missing or not a whole number")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"\#(nonceHex)","door":"front","issued":2,"expires":2}"#, .badField("it expires at 2, not after it was issued at 2")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"\#(nonceHex)","door":"front","issued":1,"expires":9223372036854775808}"#, .badField("a time is beyond 9223372036854775807 seconds")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"\#(nonceHex)","door":"a/#","issued":1,"expires":2}"#, .badField("door \"a/#\": not a fleet name (1 to 64 letters, digits, '.', '_' or '-', not starting with '.' or '-')")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"\#(nonceHex)","door":"front","issued":1,"expires":2,"reason":{"a":1}}"#, .malformed("\"reason\" is missing or not a string")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"\#(nonceHex)","door":"front","issued":1,"expires":2,"reason":"a\nb"}"#, .badField("the reason is not printable ASCII of at most 128 bytes")),
        (#"{"format":"pn532ctl-unlock/1","signature":"\#(signatureHex)","nonce":"\#(nonceHex)","door":"front","issued":1,"expires":2,"reason":"\#(String(repeating: "r", count: 129))"}"#, .badField("the reason is not printable ASCII of at most 128 bytes")),
    ])
    func aPayloadThatIsNotACommandIsRefusedSayingWhy(json: String, error: UnlockCommandError) {
        #expect(throws: error) { try SignedUnlockCommand(json: Array(json.utf8)) }
    }

    @Test func aRandomCommandHasAFreshSixteenByteNonce() throws {
        let first = try UnlockCommand.random(door: "front", issued: Self.issued, validity: 60)
        let second = try UnlockCommand.random(door: "front", issued: Self.issued, validity: 60)
        #expect(first.nonce.count == 16)
        #expect(first.nonce != second.nonce)
        #expect(first.expires == Self.issued + 60)
        #expect(throws: UnlockCommandError.badField("a time is beyond 9223372036854775807 seconds")) { try UnlockCommand.random(door: "front", issued: UInt64.max - 1, validity: 60) }
    }
}
