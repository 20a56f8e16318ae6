import Foundation
import Testing

/// `door run` with signed tokens and rolling counters end to end: tokens issued by
/// `token issue` on a simulated tag, saved as images and presented to the door on the pty
/// simulator, the relay a sysfs value file.
@Suite("pn532ctl door run: tokens, counters, revocation", .serialized)
struct DoorTokenTests {
    static let lost = "04C0C0C0C0C0C0"
    static let users = """
        [[users]]
        name = "alice"
        token = true
        """

    /// A scene whose door checks tokens of site "hq" with rolling counters.
    static func scene() throws -> (DoorScene, counters: String) {
        let scene = try DoorScene(pulse: 1, users: users)
        let key = scene.directory.appendingPathComponent("door.key").path
        FileManager.default.createFile(atPath: key, contents: Data((0..<32).map { UInt8(truncatingIfNeeded: $0 * 29 + 7) }), attributes: [.posixPermissions: 0o600])
        let counters = scene.directory.appendingPathComponent("counters").path
        try scene.writeConfig(pulse: 1, users: users, security: """
            key_file = "\(key)"
            site = "hq"
            rolling_counter = true
            counter_file = "\(counters)"
            revoked_uids = ["\(lost)"]
            lockout = false
            """)
        return (scene, counters)
    }

    /// An image of an NTAG213 with `uid` holding a token issued by `token issue` with `options`.
    static func issue(_ uid: String, in scene: DoorScene, _ options: [String] = ["--site", "hq"]) throws -> String {
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=\(uid)"])
        defer { _ = simulator.stop() }
        let key = scene.directory.appendingPathComponent("door.key").path
        let issued = try pn532ctl(["token", "issue", "--device", simulator.path, "--user", "alice", "--key", key] + options)
        #expect(issued.status == 0, "\(issued.standardError)")
        let image = scene.directory.appendingPathComponent("\(uid)-\(options.joined()).mfd").path
        #expect(try simulator.control("save \(uid) \(image)").hasPrefix("saved"))
        return image
    }

    /// The first start ever (no counter file, no audit log) creates the counter file and says
    /// so in both logs; a counter file lost while the audit log stays is refused until the
    /// owner begins afresh with --new-counters.
    @Test func theFirstStartCreatesTheCounterFileAndALostOneIsRefusedUnlessToldToBeginAfresh() throws {
        let (scene, counters) = try Self.scene()
        #expect(!FileManager.default.fileExists(atPath: scene.audit))
        let first = try scene.start()
        #expect(first.contains { $0.contains("token counters first start (neither \(counters) nor the audit log \(scene.audit) existed): \(counters) created with no counters") }, "\(first)")
        #expect(try String(contentsOfFile: counters, encoding: .utf8).hasPrefix("# pn532ctl token counters v2"))
        #expect(try scene.auditLines().first?.contains("\"event\":\"config\",\"rule\":\"counters\",\"reason\":\"token counters first start") == true)
        #expect(scene.door?.stop() == 0)
        scene.door = nil

        try FileManager.default.removeItem(atPath: counters)
        let refused = try pn532ctl(["door", "run", "--config", scene.config])
        #expect(refused.status == 74)
        #expect(refused.standardError.contains("counter file \(counters): does not exist, but the audit log \(scene.audit) does (the door ran before)"), "\(refused.standardError)")
        #expect(refused.standardError.contains("`pn532ctl door run --config \(scene.config) --new-counters`"))
        #expect(refused.standardError.contains("systemctl reset-failed pn532ctl-door"))
        #expect(!FileManager.default.fileExists(atPath: counters), "a refusal writes nothing")
        #expect(try scene.relay() == "0", "released before the refusal")

        let afresh = try scene.start(arguments: ["--new-counters"])
        #expect(afresh.contains { $0.contains("token counters begun afresh (--new-counters)") }, "\(afresh)")
        #expect(FileManager.default.fileExists(atPath: counters), "created at the start, not at the first grant")
        #expect(try scene.auditLines().contains { $0.contains("\"rule\":\"counters\",\"reason\":\"token counters begun afresh (--new-counters)") })
        let image = try Self.issue(DoorScene.alice, in: scene)
        #expect(try scene.simulator.control("present ntag213:image=\(image)").hasPrefix("present"))
        try scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
    }

    @Test func aCopyOfAnEarlierStateIsRefusedWithAnAlarmAndARevokedTagIsDenied() throws {
        let (scene, _) = try Self.scene()
        try scene.start(arguments: ["--new-counters"])
        let image = try Self.issue(DoorScene.alice, in: scene)
        #expect(try scene.simulator.control("present ntag213:image=\(image)").hasPrefix("present"))
        try scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
        try scene.log(until: "relay energised (unlocked): granted alice")
        try scene.log(until: "relay released (locked)")
        try scene.removeAll()
        try scene.log(until: "left the field")

        #expect(try scene.simulator.control("present ntag213:image=\(image)").hasPrefix("present"), "the tag as it was before the grant: a copy")
        let denied = try scene.log(until: "denied 04:A1:A1:A1:A1:A1:A1")
        #expect(denied.last?.contains("two tags hold this token") == true)
        #expect(denied.contains { $0.contains("error: ALARM: \"alice\"'s token on tag 04A1A1A1A1A1A1 shows counter 0 and 0") })
        #expect(!denied.contains { $0.contains("relay energised") })
        #expect(try scene.relay() == "0")
        try scene.removeAll()
        try scene.log(until: "left the field")

        let lost = try Self.issue(Self.lost, in: scene)
        #expect(try scene.simulator.control("present ntag213:image=\(lost)").hasPrefix("present"))
        let revoked = try scene.log(until: "denied 04:C0:C0:C0:C0:C0:C0")
        #expect(revoked.last?.contains("is revoked (security.revoked_uids)") == true)
        try scene.removeAll()
        try scene.log(until: "left the field")

        let otherSite = try Self.issue(DoorScene.bob, in: scene, ["--site", "elsewhere"])
        #expect(try scene.simulator.control("present ntag213:image=\(otherSite)").hasPrefix("present"))
        let foreign = try scene.log(until: "denied 04:B0:B0:B0:B0:B0:B0")
        #expect(foreign.last?.contains("issued for site \"elsewhere\"; this door is site \"hq\"") == true)

        let audit = try scene.auditLines().filter { $0.contains("\"decision\"") }
        #expect(audit.count == 4)
        #expect(audit.dropFirst().first?.contains("two tags hold this token") == true, "the alarm is in the audit log")
        #expect(!audit.dropFirst().contains { $0.contains("\"granted\":true") })
    }
}
