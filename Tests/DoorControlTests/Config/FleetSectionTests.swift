import Basics
import DoorControl
import DoorRecords
import Foundation
import TestSupport
import TOML
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `[fleet]`: the door's users come from a signed snapshot the door verifies itself.
@Suite("Door configuration: users from a signed fleet snapshot")
struct FleetSectionTests {
    static let key = FleetSigningKey()
    static let alice = "[[users]]\nname = \"alice\"\nuid = [\"04:A1:A1:A1:A1:A1:A1\"]\n"

    /// A door directory with the fleet's public key, a snapshot and a door.toml naming them.
    struct Door {
        let directory: ScratchDirectory
        var path: String { directory.file("door.toml") }

        init(users: String = FleetSectionTests.alice, group: String = "front", version: UInt64 = 3, key: FleetSigningKey = FleetSectionTests.key, extra: String = "") throws {
            directory = try ScratchDirectory()
            try directory.write("fleet.pub", FleetSectionTests.key.publicKey.fileText)
            try write(users: users, group: group, version: version, key: key)
            try directory.write("door.toml", """
                [reader]
                device = "sim"
                [relay]
                line = "GPIO17"
                [fleet]
                site = "hq"
                group = "front"
                public_key_file = "\(directory.file("fleet.pub"))"
                snapshot = "\(directory.file("users.json"))"
                \(extra)
                """)
        }

        /// Replaces the snapshot with one of `users`, signed for `group` at `version`.
        func write(users: String = FleetSectionTests.alice, group: String = "front", version: UInt64, key: FleetSigningKey = FleetSectionTests.key) throws {
            let signed = try key.sign(UsersSnapshot(site: "hq", group: group, version: version, issued: 1_764_205_200, users: users))
            try directory.write("users.json", signed.json + "\n")
        }

        func load() throws -> DoorConfig { try DoorConfig.load(path: path) }

        func error() -> String {
            do { _ = try load() } catch { return "\(error)" }
            return "loaded"
        }
    }

    @Test func aFIFOAtTheSnapshotsNameIsRefusedWithoutWaiting() throws {
        let door = try Door()
        defer { door.directory.remove() }
        unlink(door.directory.file("users.json"))
        #expect(mkfifo(door.directory.file("users.json"), 0o600) == 0)
        let error = door.error()
        #expect(error.contains("fleet.snapshot") && error.contains("it is not a regular file"), "\(error)")
    }

    @Test func denyWhenStaleNeedsStaleAfterHours() throws {
        let users = Self.alice + "deny_when_stale = true\n"
        let without = try Door(users: users)
        defer { without.directory.remove() }
        let error = without.error()
        #expect(error.contains("deny_when_stale") && error.contains("needs [fleet] stale_after_hours"), "\(error)")
        let with = try Door(users: users, extra: "stale_after_hours = 72")
        defer { with.directory.remove() }
        #expect(try with.load().users.map(\.deniedWhenStale) == [true])
    }

    @Test func theUsersOfAVerifiedSnapshotAreTheDoors() throws {
        let door = try Door()
        defer { door.directory.remove() }
        let config = try door.load()
        #expect(config.users.map(\.name) == ["alice"])
        #expect(config.fleet?.version == 3)
        #expect(config.fleet?.digest.count == 64)
        let rendered = config.renderedTOML()
        #expect(rendered.contains("[fleet]\nsite = \"hq\"\ngroup = \"front\"\n"))
        #expect(!rendered.contains("[[users]]"), "the users stay in the snapshot")
        #expect(try DoorConfig.parse(text: rendered, fileName: door.path) == config)
    }

    @Test func aTamperedSnapshotAnotherKeysOrAnotherGroupsIsAConfigurationError() throws {
        let door = try Door()
        defer { door.directory.remove() }
        let text = try #require(door.directory.read("users.json"))
        try door.directory.write("users.json", text.replacingOccurrences(of: "A1:A1:A1", with: "B2:B2:B2"))
        #expect(door.error().contains("users.json: the signature does not verify with the fleet's public key"), "\(door.error())")
        try door.write(version: 4, key: FleetSigningKey())
        #expect(door.error().contains("the signature does not verify"))
        try door.write(group: "back", version: 4)
        #expect(door.error().contains("a snapshot for group \"back\", not this door's \"front\""), "\(door.error())")
    }

    @Test func usersInDoorTomlBesideFleetAreRefused() throws {
        let door = try Door(extra: "[[users]]\nname = \"bob\"\nuid = [\"04:B0:B0:B0:B0:B0:B0\"]\n")
        defer { door.directory.remove() }
        #expect(door.error().contains("[fleet] gives this door its users from the signed snapshot: remove [[users]]"), "\(door.error())")
    }

    /// The snapshot is signed, but its users are checked as door.toml's are, naming the snapshot.
    @Test func aBadUserInASignedSnapshotIsAnErrorNamingTheSnapshot() throws {
        let door = try Door(users: "[[users]]\nname = \"alice\"\nuid = [\"zz\"]\n")
        defer { door.directory.remove() }
        #expect(door.error().contains(door.directory.file("users.json")), "\(door.error())")
        #expect(door.error().contains("users[0]"), "\(door.error())")
    }

    @Test func aReloadRefusesAnOlderSnapshotOrAnotherOfTheSameVersion() throws {
        let door = try Door(version: 5)
        defer { door.directory.remove() }
        let current = try door.load()
        try door.write(version: 4)
        #expect(throws: ConfigError.self) { try DoorRuntime.checkFleetVersion(of: try door.load(), against: current) }
        try door.write(users: Self.alice + "\n[[users]]\nname = \"bob\"\nuid = [\"04:B0:B0:B0:B0:B0:B0\"]\n", version: 5)
        #expect(throws: ConfigError.self) { try DoorRuntime.checkFleetVersion(of: try door.load(), against: current) }
        try door.write(version: 5)
        try DoorRuntime.checkFleetVersion(of: try door.load(), against: current)
        try door.write(version: 6)
        try DoorRuntime.checkFleetVersion(of: try door.load(), against: current)
    }

    @Test func aSnapshotOlderThanStaleAfterHoursRaisesTheAlarmAndOnlyThen() throws {
        let door = try Door(extra: "stale_after_hours = 72")
        defer { door.directory.remove() }
        let config = try door.load()
        let fleet = try #require(config.fleet)
        let issued = Int64(1_764_205_200)
        #expect(fleet.staleness(at: AuditTime(epochSeconds: issued + 71 * 3600)) == nil)
        #expect(fleet.staleness(at: AuditTime(epochSeconds: issued - 3600)) == nil, "a clock behind the signer is not stale")
        let alarm = try #require(fleet.staleness(at: AuditTime(epochSeconds: issued + 73 * 3600)))
        #expect(alarm.contains("version 3) was signed 73 h ago, more than fleet.stale_after_hours = 72"), "\(alarm)")
        #expect(config.renderedTOML().contains("stale_after_hours = 72\n"))
        #expect(try DoorConfig.parse(text: config.renderedTOML(), fileName: door.path) == config)
        let never = try Door()
        defer { never.directory.remove() }
        #expect(try never.load().fleet?.staleness(at: AuditTime(epochSeconds: issued + 10_000 * 3600)) == nil)
    }
}
