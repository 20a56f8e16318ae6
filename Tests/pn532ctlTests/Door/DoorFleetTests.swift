import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A door whose users come from snapshots signed with `pn532ctl fleet sign`: a user added is
/// granted after a reload, a revoked one denied, and an older snapshot (a replay) is refused
/// at a reload and at the next start.
@Suite("door run with [fleet]: users from signed snapshots", .serialized)
struct DoorFleetTests {
    static let bob = "[[users]]\nname = \"bob\"\nuid = [\"\(DoorScene.bob)\"]\n"

    @Test func addedUsersAreGrantedRevokedOnesDeniedAndAReplayIsRefused() throws {
        let scene = try DoorScene(pulse: 0.3)
        let file = { (name: String) in scene.directory.appendingPathComponent(name).path }
        #expect(try pn532ctl(["fleet", "key", "new", file("fleet.key")]).status == 0)
        func sign(_ users: String, version: Int, to name: String) throws {
            try Data(users.utf8).write(to: URL(fileURLWithPath: file("users.toml")))
            let signed = try pn532ctl(["fleet", "sign", file("users.toml"), "--key", file("fleet.key"), "--site", "hq", "--group", "front", "--version", "\(version)", "--output", file(name)])
            #expect(signed.status == 0, "\(signed.standardError)")
        }
        func install(_ name: String) throws {
            _ = try? FileManager.default.removeItem(atPath: file("snapshot.json"))
            try FileManager.default.copyItem(atPath: file(name), toPath: file("snapshot.json"))
        }
        try sign(DoorScene.aliceOnly, version: 1, to: "v1.json")
        try install("v1.json")
        try scene.writeConfig(pulse: 0.3, users: "", extra: """
            [fleet]
            site = "hq"
            group = "front"
            public_key_file = "\(file("fleet.key.pub"))"
            snapshot = "\(file("snapshot.json"))"
            """)
        try scene.start(keepingLines: true)
        let door = try #require(scene.door)
        try scene.present(DoorScene.bob)
        try scene.log(until: "denied 04:B0:B0:B0:B0:B0:B0")
        try scene.removeAll()
        try scene.log(until: "left the field")

        try sign(DoorScene.aliceOnly + "\n" + Self.bob, version: 2, to: "v2.json")
        try install("v2.json")
        kill(door.processIdentifier, SIGHUP)
        try scene.log(until: "configuration reloaded: 2 users")
        try scene.present(DoorScene.bob)
        try scene.log(until: "granted 04:B0:B0:B0:B0:B0:B0")
        try scene.removeAll()
        try scene.log(until: "left the field")

        try sign(DoorScene.aliceOnly, version: 3, to: "v3.json")
        try install("v3.json")
        kill(door.processIdentifier, SIGHUP)
        try scene.log(until: "configuration reloaded: 1 user")
        try scene.present(DoorScene.bob)
        try scene.log(until: "denied 04:B0:B0:B0:B0:B0:B0")
        try scene.removeAll()
        try scene.log(until: "left the field")

        try install("v2.json")
        kill(door.processIdentifier, SIGHUP)
        let refused = try scene.log(until: "the previous configuration stays in force").last ?? ""
        #expect(refused.contains("is version 2, older than version 3 last in force"), "\(refused)")
        try scene.present(DoorScene.bob)
        try scene.log(until: "denied 04:B0:B0:B0:B0:B0:B0")
        try scene.removeAll()
        try scene.log(until: "left the field")

        #expect(door.stop() == 0)
        scene.door = nil
        let restarted = try pn532ctl(["door", "run", "--config", scene.config, "--state-directory", scene.state])
        #expect(restarted.status != 0)
        #expect(restarted.standardError.contains("is version 2, older than version 3 last in force"), "\(restarted.standardError)")
    }

    /// A snapshot signed 100 hours ago on a door with stale_after_hours = 72: the alarm at
    /// start, and the door still grants its users.
    @Test func aStaleSnapshotRaisesTheAlarmAndTheDoorKeepsDeciding() throws {
        let scene = try DoorScene(pulse: 0.3)
        let file = { (name: String) in scene.directory.appendingPathComponent(name).path }
        #expect(try pn532ctl(["fleet", "key", "new", file("fleet.key")]).status == 0)
        try Data(DoorScene.aliceOnly.utf8).write(to: URL(fileURLWithPath: file("users.toml")))
        let issued = Int(Date().timeIntervalSince1970) - 100 * 3600
        let signed = try pn532ctl(["fleet", "sign", file("users.toml"), "--key", file("fleet.key"), "--site", "hq", "--group", "front", "--version", "1", "--issued", "\(issued)", "--output", file("snapshot.json")])
        #expect(signed.status == 0, "\(signed.standardError)")
        try scene.writeConfig(pulse: 0.3, users: "", extra: """
            [fleet]
            site = "hq"
            group = "front"
            public_key_file = "\(file("fleet.key.pub"))"
            snapshot = "\(file("snapshot.json"))"
            stale_after_hours = 72
            """)
        let started = try scene.start()
        let alarm = try started.first { $0.contains("ALARM: the users snapshot") } ?? scene.log(until: "ALARM: the users snapshot").last ?? ""
        #expect(alarm.contains("(version 1) was signed 100 h ago, more than fleet.stale_after_hours = 72"), "\(alarm)")
        try scene.present(DoorScene.alice)
        try scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
    }
}
