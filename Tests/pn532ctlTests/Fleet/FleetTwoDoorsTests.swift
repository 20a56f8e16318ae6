import Foundation
import MQTTClient
import POSIXIO
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Two doors on one broker, each with its uplink, the way a site runs them: a user added with
/// `fleet sign` + `fleet publish` is granted at both, a revoked one denied at both, a tampered
/// snapshot changes nothing, every presentation's audit line reaches the broker across a broker
/// restart, and Home Assistant's discovery is retained.
@Suite("Many doors: two doors, their uplinks and a real Mosquitto", .serialized, .enabled(if: MosquittoBroker.shouldRun))
struct FleetTwoDoorsTests {
    static let doors = ["door-a", "door-b"]
    static let bob = "[[users]]\nname = \"bob\"\nuid = [\"\(DoorScene.bob)\"]\n"

    /// One door: its scene, its uplink's file and process.
    final class Door {
        let id: String
        let scene: DoorScene
        var uplink: BackgroundCommand?
        var uplinkFile: String { scene.directory.appendingPathComponent("uplink.toml").path }
        var snapshot: String { scene.directory.appendingPathComponent("users.snapshot").path }
        var socket: String { scene.directory.appendingPathComponent("control.sock").path }

        init(id: String, broker: MosquittoBroker, publicKey: String, unlockKey: String) throws {
            self.id = id
            scene = try DoorScene(pulse: 0.3)
            let files = broker.certificate(of: id)
            try Data("""
                door = "\(id)"
                name = "Door \(id)"
                site = "hq"
                group = "front"
                public_key_file = "\(publicKey)"
                snapshot = "\(snapshot)"
                audit_log = "\(scene.audit)"
                state_directory = "\(scene.directory.path)"
                control_socket = "\(socket)"

                [broker]
                host = "127.0.0.1"
                port = \(broker.port)
                ca_file = "\(broker.caFile)"
                cert_file = "\(files.certificate)"
                key_file = "\(files.key)"

                """.utf8).write(to: URL(fileURLWithPath: uplinkFile))
            try scene.writeConfig(pulse: 0.3, users: "", extra: """
                [fleet]
                site = "hq"
                group = "front"
                public_key_file = "\(publicKey)"
                snapshot = "\(snapshot)"
                control_socket = "\(socket)"
                uplink_user = "\(String(cString: getpwuid(getuid()).pointee.pw_name))"
                door = "\(id)"
                remote_unlock = true
                unlock_public_key_file = "\(unlockKey)"
                """)
        }

        func startUplink() throws {
            uplink = try BackgroundCommand(["door", "uplink", "--config", uplinkFile, "--verbose"], readingStandardError: true)
        }

        func uplinkLog(until text: String) throws -> [String] {
            try #require(uplink).readLines(through: text, within: 30)
        }
    }

    @Test func usersAddedAndRevokedAtBothDoorsAndEveryAuditLineReachesTheBroker() throws {
        let broker = try MosquittoBroker(devices: Self.doors, groups: ["door-a": "front", "door-b": "front"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = { (name: String) in directory.appendingPathComponent(name).path }
        #expect(try pn532ctl(["fleet", "key", "new", file("fleet.key")]).status == 0)
        #expect(try pn532ctl(["fleet", "key", "new", file("unlock.key")]).status == 0)
        let admin = broker.certificate(of: "acl-publisher")
        let brokerArguments = ["--broker", "127.0.0.1", "--port", "\(broker.port)", "--ca-file", broker.caFile, "--cert-file", admin.certificate, "--key-file", admin.key]
        func signAndPublish(_ users: String, version: Int) throws {
            try Data(users.utf8).write(to: URL(fileURLWithPath: file("users.toml")))
            let signed = try pn532ctl(["fleet", "sign", file("users.toml"), "--key", file("fleet.key"), "--site", "hq", "--group", "front", "--version", "\(version)", "--output", file("v\(version).json")])
            #expect(signed.status == 0, "\(signed.standardError)")
            let published = try pn532ctl(["fleet", "publish", file("v\(version).json")] + brokerArguments)
            #expect(published.status == 0, "\(published.standardError)")
        }

        // An observer reading every door's topics, with a persistent session, from the start.
        let observer = try TestClient(broker, as: "homeassistant", clientID: "observer", cleanSession: false)
        #expect(connectAll([observer]))
        for topic in ["pn532ctl/+/audit", "pn532ctl/+/acl/state", "homeassistant/#"] { _ = try observer.connection.subscribe(topic: topic, qos: 1) }

        try signAndPublish(DoorScene.aliceOnly, version: 1)
        let doors = try Self.doors.map { try Door(id: $0, broker: broker, publicKey: file("fleet.key.pub"), unlockKey: file("unlock.key.pub")) }
        for door in doors {
            try door.startUplink()
            _ = try door.uplinkLog(until: "users snapshot version 1")
            try door.scene.start(keepingLines: true)
        }
        for door in doors {
            try door.scene.present(DoorScene.alice)
            try door.scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
            try door.scene.removeAll()
            try door.scene.log(until: "left the field")
        }

        // Bob added and alice revoked, at both doors.
        try signAndPublish(Self.bob, version: 2)
        for door in doors {
            try door.scene.log(until: "configuration reloaded: 1 user")
            try door.scene.present(DoorScene.alice)
            try door.scene.log(until: "denied 04:A1:A1:A1:A1:A1:A1")
            try door.scene.removeAll()
            try door.scene.log(until: "left the field")
        }

        // Everything so far reached the observer; then the broker dies (SIGKILL: what it held for
        // the observer and had not saved is its own loss, not the uplink's), presentations go
        // on without it, and it comes back.
        for door in doors {
            let lines = try door.scene.auditLines()
            #expect(pump([observer], timeout: .seconds(30)) { Set(observer.messages.map { String(decoding: $0.payload, as: UTF8.self) }).isSuperset(of: lines) })
        }
        broker.kill()
        for door in doors {
            try door.scene.present(DoorScene.bob)
            try door.scene.log(until: "granted 04:B0:B0:B0:B0:B0:B0")
            try door.scene.removeAll()
            try door.scene.log(until: "left the field")
        }
        try broker.start()

        // The uplink of door-b killed (SIGKILL) in the middle of presentations, then started
        // again: it goes on from its saved cursor; lines it had sent but not saved are sent
        // again, which the observer drops by their line number.
        _ = doors[1].uplink.map { kill($0.processIdentifier, SIGKILL) }
        _ = doors[1].uplink?.wait()
        for _ in 0..<2 {
            try doors[1].scene.present(DoorScene.bob)
            try doors[1].scene.log(until: "granted 04:B0:B0:B0:B0:B0:B0")
            try doors[1].scene.removeAll()
            try doors[1].scene.log(until: "left the field")
        }
        try doors[1].startUplink()
        _ = try doors[1].uplinkLog(until: "connected to")

        // A replay of the older snapshot changes nothing.
        #expect(try pn532ctl(["fleet", "publish", file("v1.json")] + brokerArguments).status == 0)
        for door in doors {
            let refused = try door.uplinkLog(until: "users snapshot refused").last ?? ""
            #expect(refused.contains("version 1") && refused.contains("2"), "\(refused)")
        }
        // The broker keeps the last snapshot published: the administrator publishes the one in
        // force again, so that a door's uplink that reconnects is not sent the replay.
        #expect(try pn532ctl(["fleet", "publish", file("v2.json")] + brokerArguments).status == 0)

        // A tampered snapshot changes nothing.
        let v3 = try String(contentsOfFile: file("v2.json"), encoding: .utf8).replacingOccurrences(of: "\"version\":2", with: "\"version\":3")
        try Data(v3.utf8).write(to: URL(fileURLWithPath: file("v3.json")))
        #expect(try pn532ctl(["fleet", "publish", file("v3.json")] + brokerArguments).status == 0)
        for door in doors {
            _ = try door.uplinkLog(until: "users snapshot refused")
            try door.scene.present(DoorScene.bob)
            try door.scene.log(until: "granted 04:B0:B0:B0:B0:B0:B0")
            try door.scene.removeAll()
            try door.scene.log(until: "left the field")
        }

        // Every line of each door's audit log reached the broker, in order.
        for door in doors {
            let lines = try door.scene.auditLines()
            let topic = "pn532ctl/\(door.id)/audit"
            #expect(pump([observer], timeout: .seconds(30)) {
                Set(observer.messages.filter { $0.topic == topic }.map { String(decoding: $0.payload, as: UTF8.self) }).isSuperset(of: lines)
            }, "door \(door.id): \(lines.count) lines in its log")
            var seen = Set<String>()
            let received = observer.messages.filter { $0.topic == topic }.map { String(decoding: $0.payload, as: UTF8.self) }.filter { seen.insert($0).inserted }
            #expect(received == lines, "door \(door.id): the broker's order differs from the log's")
        }
        // fleet status: both doors online with version 2 in force, and their chain heads.
        let reader = broker.certificate(of: "homeassistant")
        let status = try pn532ctl(["fleet", "status", "--json", "--wait", "1", "--broker", "127.0.0.1", "--port", "\(broker.port)", "--ca-file", broker.caFile,
                                   "--cert-file", reader.certificate, "--key-file", reader.key])
        #expect(status.status == 0, "\(status.standardError)")
        try JSONSchemaTests.expectLines(status, "fleetStatus")
        for door in doors {
            #expect(status.output.contains("\"door\":\"\(door.id)\",\"availability\":\"online\",\"snapshot_version\":2,"), "\(status.output)")
        }
        #expect(status.output.contains("\"snapshot_refused\":\""), "the tampered snapshot's refusal: \(status.output)")
        // A signed unlock command for door-a over MQTT: the door obeys it once when its clock
        // is synchronised (else it refuses it for that), a replay never, and a retained one
        // never reaches it.
        let doorA = doors[0]
        func unlockCommand() throws -> [UInt8] {
            let made = try pn532ctl(["fleet", "unlock", "--door", "door-a", "--key", file("unlock.key"), "--valid", "60", "--reason", "courier"])
            #expect(made.status == 0, "\(made.standardError)")
            return Array(made.output.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        }
        func sendUnlock(_ payload: [UInt8], retain: Bool = false) throws {
            let id = try observer.connection.publish(topic: "pn532ctl/door-a/lock/set", payload: payload, qos: 1, retain: retain)
            #expect(pump([observer]) { observer.published(id) != nil }, "the broker acknowledged the command")
        }
        let command = try unlockCommand()
        try sendUnlock(command)
        if ClockSynchronisation.isSynchronised() {
            try doorA.scene.log(until: "remote unlock: command")
            try sendUnlock(command)
            try doorA.scene.log(until: "remote unlock refused: replayed")
        } else {
            try doorA.scene.log(until: "remote unlock refused: clock-unsynchronised")
        }
        try sendUnlock(try unlockCommand(), retain: true)
        try doorA.scene.log(until: "remote unlock")
        _ = doorA.uplink?.stop()
        try doorA.startUplink()
        _ = try doorA.uplinkLog(until: "a retained unlock command on pn532ctl/door-a/lock/set was refused")
        try sendUnlock([], retain: true)

        // Home Assistant's discovery is retained: a client that subscribes now is sent it.
        let assistant = try TestClient(broker, as: "homeassistant", clientID: "assistant")
        #expect(connectAll([assistant]))
        _ = try assistant.connection.subscribe(topic: "homeassistant/#", qos: 1)
        #expect(pump([assistant]) { Set(assistant.messages.filter { $0.retain }.map(\.topic)).count == 4 })
        let discovery = assistant.messages.filter { $0.retain && $0.topic.hasPrefix("homeassistant/device/door-") }
        #expect(Set(discovery.map(\.topic)) == ["homeassistant/device/door-a/config", "homeassistant/device/door-b/config"])
        #expect(discovery.allSatisfy { String(decoding: $0.payload, as: UTF8.self).contains("\"cmps\"") })
        #expect(Set(assistant.messages.filter { $0.retain }.map(\.topic)).isSuperset(of: ["homeassistant/tag/door-a/config", "homeassistant/tag/door-b/config"]))
        for door in doors {
            _ = door.uplink?.stop()
            _ = door.scene.door?.stop()
            door.scene.door = nil
        }
    }
}
