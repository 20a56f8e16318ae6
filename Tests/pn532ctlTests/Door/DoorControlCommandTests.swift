import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `door control` against `door run` on real parts: a door with `[fleet]` and a control
/// socket accepting this test's uid.
@Suite("door control: reload and status on a running door's control socket", .serialized)
struct DoorControlCommandTests {
    @Test func statusShowsTheLockAndReloadAppliesANewerSnapshotAndRefusesAnOlderOne() throws {
        let scene = try DoorScene(pulse: 30)
        let file = { (name: String) in scene.directory.appendingPathComponent(name).path }
        #expect(try pn532ctl(["fleet", "key", "new", file("fleet.key")]).status == 0)
        func sign(version: Int, to name: String) throws {
            let signed = try pn532ctl(["fleet", "sign", file("users.toml"), "--key", file("fleet.key"), "--site", "hq", "--group", "front", "--version", "\(version)", "--output", file(name)])
            #expect(signed.status == 0, "\(signed.standardError)")
        }
        func install(_ name: String) throws {
            _ = try? FileManager.default.removeItem(atPath: file("snapshot.json"))
            try FileManager.default.copyItem(atPath: file(name), toPath: file("snapshot.json"))
        }
        try Data(DoorScene.aliceOnly.utf8).write(to: URL(fileURLWithPath: file("users.toml")))
        try sign(version: 1, to: "v1.json")
        try sign(version: 2, to: "v2.json")
        try install("v1.json")
        let socket = file("door.sock")
        try scene.writeConfig(pulse: 30, users: "", extra: """
            [fleet]
            site = "hq"
            group = "front"
            public_key_file = "\(file("fleet.key.pub"))"
            snapshot = "\(file("snapshot.json"))"
            control_socket = "\(socket)"
            uplink_user = "\(getuid())"
            """)
        try scene.start(keepingLines: true)

        let locked = try pn532ctl(["door", "control", "--socket", socket, "status"])
        #expect(locked.status == 0, "\(locked.standardError)")
        #expect(locked.output.contains("snapshot: version 1, sha256 ") && locked.output.contains("lock: locked\n"), "\(locked.output)")

        try scene.present(DoorScene.alice)
        try scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
        let unlocked = try pn532ctl(["door", "control", "--socket", socket, "status", "--json"])
        try JSONSchemaTests.expectLines(unlocked, "doorControl")
        #expect(unlocked.output.contains(#""lock":"unlocked","unlockedUntil":""#), "\(unlocked.output)")

        try install("v2.json")
        let reloaded = try pn532ctl(["door", "control", "--socket", socket, "reload", "--json"])
        try JSONSchemaTests.expectLines(reloaded, "doorControl")
        #expect(reloaded.output.hasPrefix(#"{"request":"reload","version":2,"sha256":""#), "\(reloaded.output)")
        try scene.log(until: "configuration reloaded: 1 user")
        #expect(try scene.auditLines().contains { $0.contains(#""event":"config""#) && $0.contains("door.toml reloaded") }, "audited as SIGHUP's reload is")

        try install("v1.json")
        let refused = try pn532ctl(["door", "control", "--socket", socket, "reload"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("is version 1, older than version 2 last in force"), "\(refused.standardError)")
        #expect(refused.output.isEmpty)
        try JSONSchemaTests.expectError(try pn532ctl(["door", "control", "--socket", socket, "reload", "--json"]), kind: "refused", status: 1)
        let status = try pn532ctl(["door", "control", "--socket", socket, "status"])
        #expect(status.output.contains("snapshot: version 2,"), "the version still in force: \(status.output)")
    }

    /// A door whose uplink_user is another account than this test's: the connection is
    /// closed unread, the request never acted on.
    @Test func anotherAccountIsClosedUnread() throws {
        let scene = try DoorScene(pulse: 0.3)
        let file = { (name: String) in scene.directory.appendingPathComponent(name).path }
        #expect(try pn532ctl(["fleet", "key", "new", file("fleet.key")]).status == 0)
        try Data(DoorScene.aliceOnly.utf8).write(to: URL(fileURLWithPath: file("users.toml")))
        let signed = try pn532ctl(["fleet", "sign", file("users.toml"), "--key", file("fleet.key"), "--site", "hq", "--group", "front", "--version", "1", "--output", file("snapshot.json")])
        #expect(signed.status == 0, "\(signed.standardError)")
        let socket = file("door.sock")
        try scene.writeConfig(pulse: 0.3, users: "", extra: """
            [fleet]
            site = "hq"
            group = "front"
            public_key_file = "\(file("fleet.key.pub"))"
            snapshot = "\(file("snapshot.json"))"
            control_socket = "\(socket)"
            uplink_user = "\(getuid() == 0 ? "nobody" : "root")"
            """)
        try scene.start()
        let configLines = { try scene.auditLines().filter { $0.contains(#""event":"config""#) }.count }
        let before = try configLines()
        let refused = try pn532ctl(["door", "control", "--socket", socket, "reload"])
        #expect(refused.status == 77)
        #expect(refused.standardError.contains("the door closed the connection unread: only uplink_user's account is accepted"), "\(refused.standardError)")
        #expect(refused.output.isEmpty)
        try scene.log(until: "not from the uplink's uid")
        #expect(try configLines() == before, "never reloaded")
    }

    @Test func noDoorListeningIsUnavailable() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try pn532ctl(["door", "control", "--socket", directory.appendingPathComponent("door.sock").path, "status"])
        #expect(result.status == 69)
        #expect(result.standardError.contains("no door listening"), "\(result.standardError)")
        #expect(result.output.isEmpty)
        try JSONSchemaTests.expectError(try pn532ctl(["door", "control", "--socket", directory.appendingPathComponent("door.sock").path, "status", "--json"]), kind: "unavailable", status: 69)
    }
}
