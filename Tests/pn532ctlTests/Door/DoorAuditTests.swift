import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The audit log of `door run` end to end: a full disk (a file size limit set with prlimit,
/// SIGXFSZ ignored, so a write past it is cut short or fails with EFBIG as on a full card),
/// relay transitions, summaries of stranger floods, and `door log --verify`.
@Suite("pn532ctl door run: an audit log to rely on", .serialized)
struct DoorAuditTests {
    static let limit = 8192
    /// The audit file starts 30 bytes short of the limit: the next line is cut short.
    static let room = 30

    /// `door run` under a file size limit of `limit` bytes, SIGXFSZ ignored.
    static let limited = ["/bin/sh", "-c", "trap '' XFSZ; exec prlimit --fsize=\(limit) -- \"$@\"", "sh"]

    /// A door started with its audit log 30 bytes short of the limit; the alarm the first
    /// audit line (the reader opening) raises, logged before that event's own line.
    private static func fullDisk(onFailure: String) throws -> (DoorScene, String) {
        let scene = try DoorScene(pulse: 1)
        try scene.writeConfig(pulse: 1, users: DoorScene.aliceOnly, audit: "on_failure = \"\(onFailure)\"")
        try Data((String(repeating: "x", count: limit - room - 1) + "\n").utf8).write(to: URL(fileURLWithPath: scene.audit))
        let started = try scene.start(launcher: limited)
        let alarm = "ALARM: the audit log cannot be written"
        if let line = started.first(where: { $0.contains(alarm) }) { return (scene, line) }
        return (scene, try scene.log(until: alarm).last ?? "")
    }

    private static func checkNoPartialLine(_ scene: DoorScene) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scene.audit))
        #expect(bytes.count == limit - room, "every cut-short line was cut back")
        #expect(bytes.last == UInt8(ascii: "\n"))
    }

    @Test func withOnFailureDenyAListedUserIsDeniedAndTheAlarmRaised() throws {
        let (scene, alarm) = try Self.fullDisk(onFailure: "deny")
        #expect(alarm.contains("grants are refused"), "\(alarm)")
        try scene.present(DoorScene.alice)
        let denied = try scene.log(until: "denied 04:A1:A1:A1:A1:A1:A1").last ?? ""
        #expect(denied.contains("user alice, rule audit"), "\(denied)")
        try scene.removeAll()
        let after = try scene.log(until: "left the field")
        #expect(!after.contains { $0.contains("relay energised") })
        #expect(try scene.relay() == "0")
        try Self.checkNoPartialLine(scene)
    }

    @Test func withOnFailureContinueTheGrantStandsWithTheAlarm() throws {
        let (scene, alarm) = try Self.fullDisk(onFailure: "continue")
        #expect(alarm.contains("goes on granting"), "\(alarm)")
        try scene.present(DoorScene.alice)
        try scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
        try scene.log(until: "relay energised (unlocked): granted alice")
        #expect(try scene.relay() == "1")
        try scene.log(until: "relay released (locked): pulse ended")
        try Self.checkNoPartialLine(scene)
    }

    @Test func relayTransitionsAndStrangerSummariesAreAuditedAndTheChainVerifies() throws {
        let scene = try DoorScene(pulse: 0.2)
        try scene.start()
        try scene.present(DoorScene.alice)
        try scene.log(until: "relay released (locked): pulse ended")
        try scene.removeAll()
        try scene.log(until: "left the field")
        for _ in 0..<5 {
            try scene.present(DoorScene.stranger)
            try scene.log(until: "denied 04:EE:EE:EE:EE:EE:EE")
            try scene.removeAll()
            try scene.log(until: "left the field")
        }
        let door = try #require(scene.door)
        #expect(door.stop() == 0)
        scene.door = nil
        let audit = try scene.auditLines()
        #expect(audit.contains { $0.contains("\"event\":\"relay\",\"reason\":\"energised (unlocked): granted alice\"") })
        #expect(audit.contains { $0.contains("\"event\":\"relay\",\"reason\":\"released (locked): pulse ended\"") })
        #expect(audit.filter { $0.contains("\"uid\":\"04EEEEEEEEEEEE\"") }.count == 3, "the first three in full")
        #expect(audit.contains { $0.contains("\"event\":\"summary\"") && $0.contains("2 more denials of unknown tags") })

        let verified = try pn532ctl(["door", "log", "--verify", "--file", scene.audit])
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.output.hasPrefix("chain intact, \(audit.count) lines"), "\(verified.output)")

        var tampered = audit
        let index = try #require(tampered.firstIndex { $0.contains("\"uid\":\"04EEEEEEEEEEEE\"") })
        tampered[index] = tampered[index].replacingOccurrences(of: "04EEEEEEEEEEEE", with: "04A1A1A1A1A1A1")
        try Data((tampered.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: scene.audit))
        let broken = try pn532ctl(["door", "log", "--verify", "--file", scene.audit])
        #expect(broken.status == 65)
        #expect(broken.standardError.contains("audit chain broken at \(scene.audit):\(index + 2):"), "\(broken.standardError)")
    }
}
