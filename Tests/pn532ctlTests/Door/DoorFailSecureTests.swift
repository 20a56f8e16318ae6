import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every death of `door run` ends locked: SIGKILL then `door release` (what the unit's
/// ExecStopPost= runs), a restart with an invalid file, SIGABRT and SIGQUIT. The relay is the
/// sysfs tree's GPIO17 value file, which, like a real sysfs line, keeps "1" when the process
/// that wrote it dies.
@Suite("pn532ctl door: fail secure on every death", .serialized)
struct DoorFailSecureTests {
    /// A door killed with SIGKILL during a pulse, the relay left energised.
    private static func killedDuringAPulse() throws -> DoorScene {
        let scene = try DoorScene(pulse: 60)
        try scene.start(keepingLines: true)
        try scene.present(DoorScene.alice)
        try scene.log(until: "relay energised (unlocked): granted alice")
        let door = try #require(scene.door)
        kill(door.processIdentifier, SIGKILL)
        #expect(door.wait() == SIGKILL)
        scene.door = nil
        #expect(try scene.relay() == "1", "nothing in the dead process released it")
        return scene
    }

    @Test func sigkillDuringAPulseThenDoorReleaseLocks() throws {
        let scene = try Self.killedDuringAPulse()
        let result = try pn532ctl(["door", "release", "--config", scene.config, "--state-directory", scene.state])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try scene.relay() == "0")
        #expect(result.output.contains("relay.line GPIO17 released (from kept copy"), "\(result.output)")
    }

    @Test func doorReleaseUsesTheKeptCopyWhenTheFileIsNoTOMLAtAll() throws {
        let scene = try Self.killedDuringAPulse()
        try Data("[relay\nline = ".utf8).write(to: URL(fileURLWithPath: scene.config))
        let result = try pn532ctl(["door", "release", "--config", scene.config, "--state-directory", scene.state])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try scene.relay() == "0")
        #expect(result.standardError.contains("the relay cannot be read from"), "\(result.standardError)")
    }

    @Test func doorReleaseReadsOnlyTheRelaySectionsOfAnInvalidFile() throws {
        let scene = try DoorScene()
        try scene.writeConfig(pulse: 0, users: "[[users]]\nname = 3\n")
        #expect(try scene.relay() == "1")
        let result = try pn532ctl(["door", "release", "--config", scene.config])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try scene.relay() == "0")
        #expect(try pn532ctl(["door", "check-config", scene.config]).status == 65, "the file is invalid as a whole")
    }

    @Test func doorReleaseWithoutARelayLineIsADataErrorAndTouchesNothing() throws {
        let scene = try DoorScene()
        try Data("[gpio]\nbackend = \"sysfs\"\nsysfs_root = \"\(scene.sysfs.path)\"\n".utf8).write(to: URL(fileURLWithPath: scene.config))
        let result = try pn532ctl(["door", "release", "--config", scene.config])
        #expect(result.status == 65)
        #expect(result.standardError.contains("relay"), "\(result.standardError)")
        #expect(try scene.relay() == "1")
    }

    @Test func aRestartWithAnUnparsableFileReleasesFromTheKeptCopyBeforeExit65() throws {
        let scene = try Self.killedDuringAPulse()
        try Data("[relay\nline = ".utf8).write(to: URL(fileURLWithPath: scene.config))
        let result = try pn532ctl(["door", "run", "--config", scene.config, "--state-directory", scene.state])
        #expect(result.status == 65)
        #expect(try scene.relay() == "0")
        #expect(result.standardError.contains("before start: relay.line GPIO17 released (from kept copy"), "\(result.standardError)")
    }

    @Test func aRestartWithAnInvalidFileReleasesFromItsRelaySectionBeforeExit65() throws {
        let scene = try DoorScene()
        try scene.writeConfig(pulse: 0, users: "")
        #expect(try scene.relay() == "1")
        let result = try pn532ctl(["door", "run", "--config", scene.config])
        #expect(result.status == 65)
        #expect(result.standardError.contains("relay.pulse"), "\(result.standardError)")
        #expect(try scene.relay() == "0")
    }

    @Test(arguments: [(SIGABRT, "SIGABRT"), (SIGQUIT, "SIGQUIT")])
    func anAbortOrQuitDuringAPulseReleasesAndStops(signal: Int32, name: String) throws {
        let scene = try DoorScene(pulse: 60)
        try scene.start()
        try scene.present(DoorScene.alice)
        try scene.log(until: "relay energised (unlocked): granted alice")
        #expect(try scene.relay() == "1")
        let door = try #require(scene.door)
        kill(door.processIdentifier, signal)
        #expect(try scene.log(until: "stopping on \(name)").last?.contains("relay released (locked)") == true)
        #expect(door.wait() == 128 + signal)
        scene.door = nil
        #expect(try scene.relay() == "0")
    }

    @Test func theUnitReleasesAfterEveryDeathWithTheSameFileAndState() throws {
        let unit = try String(contentsOf: InstallScriptTests.repository.appendingPathComponent("scripts/pn532ctl-door.service"), encoding: .utf8)
        let lines = unit.split(separator: "\n").map(String.init)
        let start = try #require(lines.first { $0.hasPrefix("ExecStart=") })
        let stopPost = try #require(lines.first { $0.hasPrefix("ExecStopPost=") })
        #expect(start == "ExecStart=/usr/local/bin/pn532ctl door run --config /etc/pn532ctl/door.toml --state-directory /var/lib/pn532ctl")
        #expect(stopPost == "ExecStopPost=/usr/local/bin/pn532ctl door release --config /etc/pn532ctl/door.toml --state-directory /var/lib/pn532ctl")
        #expect(lines.contains("StateDirectory=pn532ctl"))
    }
}
