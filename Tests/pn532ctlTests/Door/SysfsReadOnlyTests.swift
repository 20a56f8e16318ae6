import Foundation
import Testing

/// `gpio.backend = "sysfs"` where /sys/class/gpio cannot be written, as under the unit's
/// hardening (ProtectKernelTunables makes /sys a read-only mount): check-config and door run
/// refuse it (69) and name the key, instead of a door that could not release its relay.
@Suite("A read-only sysfs GPIO")
struct SysfsReadOnlyTests {
    /// Runs pn532ctl with `arguments` where `directory` cannot be written: as root, inside a
    /// private mount namespace where it is a read-only bind mount (what ReadOnlyPaths= and
    /// ProtectKernelTunables= make); otherwise with its export file made read-only.
    static func run(_ arguments: [String], readOnly directory: URL) throws -> ProgramResult {
        if getuid() == 0 {
            let script = "mount --bind \"$1\" \"$1\" && mount -o remount,bind,ro \"$1\" && shift && exec \"$@\""
            return try runProgram("unshare", ["--mount", "sh", "-c", script, "sh", directory.path, binaryURL.path] + arguments)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: directory.appendingPathComponent("export").path)
        return try runProgram(binaryURL.path, arguments)
    }

    @Test("check-config and door run refuse it with the key's line and say to use cdev")
    func refused() throws {
        let scene = try DoorCheckConfigCommandTests.Scene("[reader]\ndevice = \"sim\"\n[gpio]\nbackend = \"sysfs\"\nsysfs_root = \"DIR/gpio\"\n[relay]\nline = \"GPIO17\"\n")
        defer { scene.remove() }
        let gpio = scene.directory.appendingPathComponent("gpio")
        try DoorScene.makeSysfs(at: gpio)
        #expect(try scene.check().status == 0, "writable, the same file passes")
        let expected = "\(scene.config):4: gpio.backend: \"sysfs\", but \(gpio.path)/export cannot be written ("
        let check = try Self.run(["door", "check-config", scene.config], readOnly: gpio)
        #expect(check.status == 69, "\(check.error)")
        #expect(check.error.hasPrefix("pn532ctl: \(expected)"), "\(check.error)")
        #expect(check.error.contains("use gpio.backend = \"cdev\""))
        #expect(check.output.isEmpty)
        let run = try Self.run(["door", "run", "--config", scene.config], readOnly: gpio)
        #expect(run.status == 69, "\(run.error)")
        #expect(run.error.contains(expected), "\(run.error)")
    }
}
