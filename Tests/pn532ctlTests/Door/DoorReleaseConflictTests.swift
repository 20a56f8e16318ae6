import Foundation
import Testing

/// `door release` with a kept copy whose relay polarity is stale and a file that is invalid
/// as a whole (the case): the relay is driven with neither polarity, and the exit
/// status says the door was not released.
@Suite("pn532ctl door release: a stale kept copy", .serialized)
struct DoorReleaseConflictTests {
    @Test func aPolarityConflictDrivesNothingAndExits65() throws {
        let scene = try DoorScene()
        try FileManager.default.createDirectory(atPath: scene.state, withIntermediateDirectories: true)
        let gpio = "[gpio]\nbackend = \"sysfs\"\nsysfs_root = \"\(scene.sysfs.path)\"\n"
        try Data((gpio + "[relay]\nline = \"GPIO17\"\nactive_low = false\n").utf8)
            .write(to: URL(fileURLWithPath: scene.state + "/door-lines.toml"))
        try Data((gpio + "[relay]\nline = \"GPIO17\"\nactive_low = true\npulse = 0\n").utf8).write(to: URL(fileURLWithPath: scene.config))
        try scene.energiseRelay()
        let direction = try scene.direction(529)
        let result = try pn532ctl(["door", "release", "--config", scene.config, "--state-directory", scene.state])
        #expect(result.status == 65, "\(result.output) \(result.standardError)")
        #expect(!result.output.contains("released"), "\(result.output)")
        #expect(result.standardError.contains("relay.line GPIO17 NOT driven: active_low = true in \(scene.config) but false in the kept copy"), "\(result.standardError)")
        #expect(try scene.relay() == "1", "high: released for the file's active-low relay; the copy's off level (low) was never written")
        #expect(try scene.direction(529) == direction)
    }

    /// The case exactly: a syntax error elsewhere in the file no longer hides its
    /// relay section, so the stale copy is never driven.
    @Test func aSyntaxErrorElsewhereDoesNotHandTheRelayToAStaleCopy() throws {
        let scene = try DoorScene()
        try FileManager.default.createDirectory(atPath: scene.state, withIntermediateDirectories: true)
        let gpio = "[gpio]\nbackend = \"sysfs\"\nsysfs_root = \"\(scene.sysfs.path)\"\n"
        try Data((gpio + "[relay]\nline = \"GPIO17\"\nactive_low = false\n").utf8)
            .write(to: URL(fileURLWithPath: scene.state + "/door-lines.toml"))
        try Data((gpio + "[relay]\nline = \"GPIO17\"\nactive_low = true\n[[users]]\nname = \"alice\n").utf8).write(to: URL(fileURLWithPath: scene.config))
        try scene.energiseRelay()
        let direction = try scene.direction(529)
        for command in [["door", "release"], ["door", "run"]] {
            let result = try pn532ctl(command + ["--config", scene.config, "--state-directory", scene.state])
            #expect(result.status == 65, "\(command): \(result.standardError)")
            #expect(result.standardError.contains("relay.line GPIO17 NOT driven: active_low = true"), "\(command): \(result.standardError)")
            #expect(try scene.relay() == "1", "\(command)")
            #expect(try scene.direction(529) == direction, "\(command): the copy's off level (low) was never written")
        }
    }
}
