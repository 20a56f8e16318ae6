import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl door run` end to end: the pty simulator as the reader, a sysfs tree of files as
/// the GPIO lines, the log read as it is written. Each relay change is checked on the line's
/// value file when the log reports it (the log line follows the write).
@Suite("pn532ctl door run", .serialized)
struct DoorRunCommandTests {
    @Test func startsLockedGrantsWithAPulseAndDeniesAStranger() throws {
        let scene = try DoorScene(pulse: 1)
        #expect(try scene.relay() == "1", "the tree starts with the relay energised")
        try scene.start()
        #expect(try scene.relay() == "0", "released before the reader is even opened")
        #expect(try scene.direction(529) == "low", "requested as an output already low: no glitch")

        try scene.present(DoorScene.alice)
        #expect(try scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1").last?.contains("user alice") == true)
        let energised = try scene.log(until: "relay energised (unlocked): granted alice").last ?? ""
        #expect(try scene.relay() == "1")
        let released = try scene.log(until: "relay released (locked): pulse ended").last ?? ""
        #expect(try scene.relay() == "0")
        #expect(DoorScene.seconds(released) - DoorScene.seconds(energised) >= 0.99, "\(energised) / \(released)")

        try scene.removeAll()
        try scene.log(until: "left the field")
        try scene.present(DoorScene.stranger)
        try scene.log(until: "denied 04:EE:EE:EE:EE:EE:EE")
        try scene.removeAll()
        let after = try scene.log(until: "left the field")
        #expect(!after.contains { $0.contains("relay energised") })
        #expect(try scene.relay() == "0")

        let audit = try scene.auditLines().filter { $0.contains("\"decision\"") }
        #expect(audit.count == 2)
        #expect(audit.first?.contains("\"uid\":\"04A1A1A1A1A1A1\",\"user\":\"alice\",\"granted\":true") == true)
        #expect(audit.last?.contains("\"uid\":\"04EEEEEEEEEEEE\",\"granted\":false,\"rule\":\"default deny\"") == true)
    }

    @Test func theExitButtonOpensAndClosingTheDoorRelocksEarly() throws {
        let scene = try DoorScene(pulse: 60)
        try scene.start()
        try scene.pressExitButton()
        try scene.log(until: "exit button pressed")
        try scene.log(until: "relay energised (unlocked): exit button")
        #expect(try scene.relay() == "1")
        try scene.releaseExitButton()
        try scene.openDoor()
        try scene.log(until: "door opened")
        #expect(try scene.relay() == "1")
        try scene.closeDoor()
        try scene.log(until: "door closed")
        try scene.log(until: "relay released (locked): door closed")
        #expect(try scene.relay() == "0")
        let audit = try scene.auditLines()
        #expect(audit.contains { $0.contains("\"event\":\"exit\"") })
        #expect(audit.contains { $0.contains("\"event\":\"door\",\"reason\":\"closed\"") })
    }

    @Test func sigtermReleasesAnEnergisedRelay() throws {
        let scene = try DoorScene(pulse: 60)
        try scene.start()
        try scene.present(DoorScene.alice)
        try scene.log(until: "relay energised")
        #expect(try scene.relay() == "1")
        let door = try #require(scene.door)
        #expect(door.stop() == 0)
        #expect(try scene.log(until: "stopping on SIGTERM").last?.contains("relay released") == true)
        #expect(try scene.relay() == "0")
        scene.door = nil
    }

    @Test func sighupAppliesAGoodFileAndKeepsTheOldOneOnABadOne() throws {
        let scene = try DoorScene(pulse: 0.5)
        try scene.start()
        let door = try #require(scene.door)
        try scene.present(DoorScene.bob)
        try scene.log(until: "denied 04:B0:B0:B0:B0:B0:B0")
        try scene.removeAll()
        try scene.log(until: "left the field")

        try scene.writeConfig(pulse: 0.5, users: DoorScene.aliceOnly + "\n[[users]]\nname = \"bob\"\nuid = [\"\(DoorScene.bob)\"]\n")
        kill(door.processIdentifier, SIGHUP)
        try scene.log(until: "configuration reloaded: 2 users")
        try scene.present(DoorScene.bob)
        try scene.log(until: "granted 04:B0:B0:B0:B0:B0:B0")
        try scene.log(until: "relay released (locked): pulse ended")
        try scene.removeAll()
        try scene.log(until: "left the field")

        try scene.writeConfig(pulse: 0, users: "")
        kill(door.processIdentifier, SIGHUP)
        let rejected = try scene.log(until: "the previous configuration stays in force").last ?? ""
        #expect(rejected.contains("door.toml:11: relay.pulse"), "\(rejected)")
        try scene.present(DoorScene.bob)
        try scene.log(until: "granted 04:B0:B0:B0:B0:B0:B0")
        #expect(try scene.auditLines().contains { $0.contains("\"event\":\"config\"") && $0.contains("rejected, previous kept") })
    }

    @Test func sighupTurningOtherFamiliesOnPollsAFeliCaCard() throws {
        let dave = "[[users]]\nname = \"dave\"\nuid = [\"01:2E:4C:F1:00:00:00:01\"]\n"
        let scene = try DoorScene(pulse: 0.5)
        try scene.writeConfig(pulse: 0.5, users: dave, reader: "other_families = false")
        try scene.start()
        let door = try #require(scene.door)

        try scene.writeConfig(pulse: 0.5, users: dave, reader: "other_families = true")
        kill(door.processIdentifier, SIGHUP)
        let reloaded = try scene.log(until: "configuration reloaded")
        #expect(!reloaded.contains { $0.contains("takes effect at the next start") }, "\(reloaded)")
        #expect(try scene.simulator.control("present felica-lite-s:uid=012E4CF100000001").hasPrefix("present"))
        #expect(try scene.log(until: "granted 01:2E:4C:F1:00:00:00:01").last?.contains("user dave") == true)
    }

    @Test func aReaderThatGoesAwayIsRecoveredWithoutARestart() throws {
        let scene = try DoorScene(pulse: 0.5)
        try scene.start()
        scene.stopSimulator()
        try scene.log(until: "reader lost")
        try scene.restartSimulator()
        try scene.log(until: "reader back after")
        try scene.present(DoorScene.alice)
        try scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1")
        try scene.log(until: "relay energised")
        #expect(try scene.relay() == "1")
        #expect(try scene.auditLines().contains { $0.contains("\"event\":\"reader\",\"reason\":\"lost") })
    }

    @Test func systemdHearsReadyReloadingAndStopping() throws {
        let scene = try DoorScene()
        let notify = try NotifySocket(path: scene.directory.appendingPathComponent("notify").path)
        try scene.start(environment: ["NOTIFY_SOCKET": notify.path])
        #expect(try notify.receive(containing: "READY=1").contains("STATUS=waiting for tags"))
        let door = try #require(scene.door)
        kill(door.processIdentifier, SIGHUP)
        _ = try notify.receive(containing: "RELOADING=1")
        _ = try notify.receive(containing: "READY=1")
        #expect(door.stop() == 0)
        _ = try notify.receive(containing: "STOPPING=1")
        scene.door = nil
    }

    @Test func aBadConfigurationIsADataErrorNamingTheKey() throws {
        let scene = try DoorScene()
        try Data("[relay]\nline = \"GPIO17\"\nmode = \"latch\"\n[reader]\ndevice = \"sim\"\n".utf8).write(to: URL(fileURLWithPath: scene.config))
        let result = try pn532ctl(["door", "run", "--config", scene.config])
        #expect(result.status == 65)
        #expect(result.standardError.contains("door.toml:3: relay.mode"), "\(result.standardError)")
    }

    @Test func aDeviceStringThatIsNoDeviceIsADataError() throws {
        let scene = try DoorScene()
        try Data("[relay]\nline = \"GPIO17\"\n[gpio]\nbackend = \"sysfs\"\nsysfs_root = \"\(scene.sysfs.path)\"\n[reader]\ndevice = \"serial0\"\n".utf8)
            .write(to: URL(fileURLWithPath: scene.config))
        let result = try pn532ctl(["door", "run", "--config", scene.config])
        #expect(result.status == 65)
        #expect(result.standardError.contains("reader.device: serial0: not a device"), "\(result.standardError)")
        #expect(try scene.relay() == "0", "the relay was released before the device was looked at")
    }
}
