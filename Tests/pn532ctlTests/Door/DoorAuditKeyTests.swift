import Foundation
import Testing

/// `door log --new-key` and `door log --verify --key` against a real `door run`: the door MACs
/// every line under the evolving key, and the initial key held off the door's files shows a
/// cut end and a rewrite that the hash chain alone does not.
@Suite("pn532ctl door log: the keyed audit chain", .serialized)
struct DoorAuditKeyTests {
    @Test func aKeyedLogVerifiesAndACutEndOrARewriteDoesNot() throws {
        let scene = try DoorScene(pulse: 0.2)
        let initial = scene.directory.appendingPathComponent("audit-initial.key").path
        let made = try pn532ctl(["door", "log", "--file", scene.audit, "--new-key", initial])
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.output.contains("lines from 1 on are MAC'd"), "\(made.output)")
        let again = try pn532ctl(["door", "log", "--file", scene.audit, "--new-key", initial])
        #expect(again.status == 73, "an existing key is never replaced: \(again.standardError)")

        try scene.start()
        try scene.present(DoorScene.alice)
        try scene.log(until: "relay released (locked): pulse ended")
        let door = try #require(scene.door)
        #expect(door.stop() == 0)
        scene.door = nil
        let audit = try scene.auditLines()
        #expect(audit.allSatisfy { $0.contains("\"mac\":\"") }, "every line MAC'd")

        let verified = try pn532ctl(["door", "log", "--verify", "--file", scene.audit, "--key", initial])
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.output.contains("\(audit.count) lines MAC'd under the initial key"), "\(verified.output)")
        #expect(verified.output.contains("the end of the log matches the door's key file"), "\(verified.output)")

        try Data(audit.dropLast().map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: scene.audit))
        let unkeyed = try pn532ctl(["door", "log", "--verify", "--file", scene.audit])
        #expect(unkeyed.status == 0, "without the key a cut end is not seen, and the output says so")
        #expect(unkeyed.output.contains("cannot be seen without the initial key"), "\(unkeyed.output)")
        let cut = try pn532ctl(["door", "log", "--verify", "--file", scene.audit, "--key", initial])
        #expect(cut.status == 65)
        #expect(cut.standardError.contains("\(audit.count)…\(audit.count) are missing: the door's key is at line \(audit.count + 1)"), "\(cut.standardError)")

        let wrongKey = try pn532ctl(["door", "log", "--file", scene.audit, "--key", initial])
        #expect(wrongKey.status == 64, "--key belongs to --verify")
    }
}
