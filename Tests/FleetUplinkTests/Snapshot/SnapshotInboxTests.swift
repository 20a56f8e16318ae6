import DoorRecords
import FleetUplink
import Foundation
import Testing
import TestSupport

@Suite("The uplink's snapshot inbox: only a newer snapshot for this door's site and group reaches the door's file")
struct SnapshotInboxTests {
    static let users = "[[users]]\nname = \"alice\"\nuid = [\"04:A1:A1:A1:A1:A1:A1\"]\n"
    static let key = FleetSigningKey()

    static func payload(site: String = "hq", group: String = "front", version: UInt64, users: String = users, by key: FleetSigningKey = key) throws -> [UInt8] {
        Array(try key.sign(UsersSnapshot(site: site, group: group, version: version, issued: 1_764_205_200, users: users)).json.utf8)
    }

    let directory: TemporaryDirectory
    let inbox: SnapshotInbox

    init() throws {
        directory = try TemporaryDirectory()
        inbox = SnapshotInbox(publicKey: Self.key.publicKey, site: "hq", group: "front", path: directory.path + "/users.snapshot")
    }

    func held() -> [UInt8]? { FileManager.default.contents(atPath: inbox.path).map { Array($0) } }

    @Test func aNewerSnapshotIsWrittenAndAnOlderOneIsNot() throws {
        let seven = try Self.payload(version: 7)
        #expect(inbox.receive(seven) == .written(version: 7, digest: SignedUsersSnapshot.digest(of: seven)))
        #expect(held() == seven)
        let eight = try Self.payload(version: 8)
        #expect(inbox.receive(eight) == .written(version: 8, digest: SignedUsersSnapshot.digest(of: eight)))
        guard case .refused(let why) = inbox.receive(seven) else { Issue.record("an older snapshot was accepted"); return }
        #expect(why.contains("7") && why.contains("8"))
        #expect(held() == eight)
    }

    @Test func theSamePayloadAgainIsAlreadyHeldButAnotherOfTheSameVersionIsRefused() throws {
        let seven = try Self.payload(version: 7)
        _ = inbox.receive(seven)
        #expect(inbox.receive(seven) == .alreadyHeld(version: 7))
        let otherSeven = try Self.payload(version: 7, users: Self.users.replacingOccurrences(of: "alice", with: "bob"))
        guard case .refused(let why) = inbox.receive(otherSeven) else { Issue.record("a second version 7 was accepted"); return }
        #expect(why.contains("other contents"))
        #expect(held() == seven)
    }

    @Test func tamperedForeignAndBadSnapshotsChangeNothing() throws {
        let seven = try Self.payload(version: 7)
        _ = inbox.receive(seven)
        let tampered = Array(String(decoding: try Self.payload(version: 9), as: UTF8.self).replacingOccurrences(of: "alice", with: "mallor").utf8)
        let refusals: [[UInt8]] = [
            tampered,
            try Self.payload(version: 9, by: FleetSigningKey()),
            try Self.payload(site: "branch", version: 9),
            try Self.payload(group: "back", version: 9),
            try Self.payload(version: 9, users: "[door]\nname = \"x\"\n"),
            try Self.payload(version: 9, users: "users = 3\n"),
            try Self.payload(version: 9, users: "[[users]\n"),
            Array("{\"format\":".utf8),
            [UInt8](repeating: 0x20, count: SignedUsersSnapshot.sizeLimit + 1),
        ]
        for payload in refusals {
            guard case .refused = inbox.receive(payload) else { Issue.record("accepted: \(payload.prefix(80))"); continue }
        }
        #expect(held() == seven)
    }

    @Test func aFileThatDoesNotVerifyIsReplacedByAValidSnapshot() throws {
        try directory.write("users.snapshot", "not a snapshot")
        let three = try Self.payload(version: 3)
        #expect(inbox.receive(three) == .written(version: 3, digest: SignedUsersSnapshot.digest(of: three)))
        #expect(held() == three)
    }

    @Test func aSymlinkAtTheFilesNameIsRefusedAndItsTargetKept() throws {
        let target = try directory.write("elsewhere", "kept")
        try FileManager.default.createSymbolicLink(atPath: inbox.path, withDestinationPath: target)
        guard case .refused(let why) = inbox.receive(try Self.payload(version: 1)) else { Issue.record("written through a symlink"); return }
        #expect(why.contains(inbox.path))
        #expect(FileManager.default.contents(atPath: target) == Data("kept".utf8))
    }
}
