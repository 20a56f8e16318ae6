import DoorRecords
import Foundation
import Testing

@Suite("Signed users snapshots: what a door applies, and every way one is refused")
struct UsersSnapshotTests {
    static let users = "[[users]]\nname = \"alice\"\nuid = [\"04:A1:A1:A1:A1:A1:A1\"]\n"
    static let key = FleetSigningKey()

    static func signed(site: String = "hq", group: String = "front", version: UInt64 = 7, users: String = users, by key: FleetSigningKey = key) throws -> SignedUsersSnapshot {
        try key.sign(UsersSnapshot(site: site, group: group, version: version, issued: 1_764_205_200, users: users))
    }

    /// The payload as it travels, read back.
    static func received(_ signed: SignedUsersSnapshot) throws -> SignedUsersSnapshot {
        try SignedUsersSnapshot(json: Array(signed.json.utf8))
    }

    @Test func aSnapshotSignedForThisDoorVerifiesAfterTheTrip() throws {
        let snapshot = try Self.key.publicKey.verify(try Self.received(try Self.signed()), site: "hq", group: "front", applied: 6)
        #expect(snapshot.users == Self.users)
        #expect(snapshot.version == 7)
    }

    @Test func aTamperedSnapshotIsRefused() throws {
        let json = try Self.signed().json.replacingOccurrences(of: "alice", with: "mallory")
        let tampered = try SignedUsersSnapshot(json: Array(json.utf8))
        #expect(throws: UsersSnapshotError.badSignature) { try Self.key.publicKey.verify(tampered, site: "hq", group: "front") }
        let version = try Self.signed().json.replacingOccurrences(of: "\"version\":7", with: "\"version\":70")
        #expect(throws: UsersSnapshotError.badSignature) { try Self.key.publicKey.verify(try SignedUsersSnapshot(json: Array(version.utf8)), site: "hq", group: "front") }
    }

    @Test func anotherKeysSnapshotIsRefused() throws {
        let other = try Self.signed(by: FleetSigningKey())
        #expect(throws: UsersSnapshotError.badSignature) { try Self.key.publicKey.verify(try Self.received(other), site: "hq", group: "front") }
    }

    @Test func anotherSitesOrGroupsSnapshotIsRefused() throws {
        #expect(throws: UsersSnapshotError.otherScope(field: "site", found: "branch", expected: "hq")) {
            try Self.key.publicKey.verify(try Self.signed(site: "branch"), site: "hq", group: "front")
        }
        #expect(throws: UsersSnapshotError.otherScope(field: "group", found: "back", expected: "front")) {
            try Self.key.publicKey.verify(try Self.signed(group: "back"), site: "hq", group: "front")
        }
    }

    @Test func aReplayedOrEqualVersionIsRefused() throws {
        #expect(throws: UsersSnapshotError.notNewer(version: 7, applied: 7)) { try Self.key.publicKey.verify(try Self.signed(), site: "hq", group: "front", applied: 7) }
        #expect(throws: UsersSnapshotError.notNewer(version: 7, applied: 9)) { try Self.key.publicKey.verify(try Self.signed(), site: "hq", group: "front", applied: 9) }
    }

    @Test func aTenMegabytePayloadIsRefusedUnread() {
        let huge = [UInt8](repeating: 0x20, count: 10_000_000)
        #expect(throws: UsersSnapshotError.tooLarge(10_000_000)) { try SignedUsersSnapshot(json: huge) }
    }

    @Test(arguments: [
        ("{}", UsersSnapshotError.malformed("\"format\" is missing or not a string")),
        (#"{"format":"pn532ctl-users-snapshot/2"}"#, .unknownFormat("pn532ctl-users-snapshot/2")),
        (#"{"format":"pn532ctl-users-snapshot/1","extra":1}"#, .malformed("unknown member \"extra\"")),
        (#"{"format":"pn532ctl-users-snapshot/1","signature":"00"}"#, .malformed("\"signature\" is not 128 hex digits")),
        (#"{"format":"pn532ctl-users-snapshot/1","signature":"\#(String(repeating: "0", count: 128))","site":"hq","group":"g","version":-1,"issued":0,"users":""}"#, .malformed("\"version\" is missing or not a whole number")),
        (#"{"format":"pn532ctl-users-snapshot/1","signature":"\#(String(repeating: "0", count: 128))","site":"hq","group":"g","version":0,"issued":0,"users":""}"#, .badVersion),
        (#"{"format":"pn532ctl-users-snapshot/1","signature":"\#(String(repeating: "0", count: 128))","site":"a/#","group":"g","version":1,"issued":0,"users":""}"#, .badName(field: "site", "a/#")),
    ])
    func aPayloadThatIsNotASnapshotIsRefusedSayingWhy(json: String, error: UsersSnapshotError) {
        #expect(throws: error) { try SignedUsersSnapshot(json: Array(json.utf8)) }
    }

    @Test(arguments: ["", ".hidden", "-x", "a/b", "a+b", "a#", "é", String(repeating: "a", count: 65)])
    func aNameThatCannotBeATopicLevelIsRefused(name: String) {
        #expect(!FleetName.isValid(name))
        #expect(throws: UsersSnapshotError.badName(field: "group", name)) { try UsersSnapshot(site: "hq", group: name, version: 1, issued: 0, users: "") }
    }

    @Test func thePublicKeyFileReadsBackAndNothingElseDoes() {
        let text = Self.key.publicKey.fileText
        #expect(FleetPublicKey(fileText: text) == Self.key.publicKey)
        #expect(FleetPublicKey(fileText: text.replacingOccurrences(of: "Ed25519", with: "RSA")) == nil)
        #expect(FleetPublicKey(fileText: String(text.dropLast(3)) + "\n") == nil)
        #expect(FleetSigningKey(raw: Self.key.raw)?.publicKey == Self.key.publicKey)
        #expect(FleetSigningKey(raw: [1, 2, 3]) == nil)
    }
}
