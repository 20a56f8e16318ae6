import Foundation
import Testing

/// The shipped units' hardening, read from their text everywhere, and as systemd itself judges
/// it (`systemd-analyze security --offline`) where systemd is installed.
@Suite("The units' hardening")
struct UnitHardeningTests {
    /// The values of every `key=` line of `unit` outside comments, in order.
    static func values(_ key: String, in unit: String) -> [String] {
        unit.split(separator: "\n").compactMap { line in
            line.hasPrefix(key + "=") ? String(line.dropFirst(key.count + 1)) : nil
        }
    }

    static func unit(_ name: String) throws -> String {
        try String(contentsOf: InstallScriptTests.repository.appendingPathComponent("scripts/\(name)"), encoding: .utf8)
    }

    static let analyze = "/usr/bin/systemd-analyze"

    @Test("the hook runner: @system-service system calls, local sockets only, files private to it")
    func hookRunner() throws {
        let unit = try Self.unit("pn532ctl-hooks.service")
        #expect(Self.values("SystemCallFilter", in: unit) == ["@system-service"])
        #expect(Self.values("SystemCallErrorNumber", in: unit) == ["EPERM"])
        let families = Self.values("RestrictAddressFamilies", in: unit).flatMap { $0.split(separator: " ") }
        #expect(families == ["AF_UNIX"], "AF_INET and AF_INET6 only through a drop-in")
        #expect(unit.contains("\n#   [Service]\n#   RestrictAddressFamilies=AF_INET AF_INET6\n"), "the comment shows the drop-in that allows the network")
        #expect(Self.values("UMask", in: unit) == ["0077"])
    }

    @Test("the uplink: its own account, no capability, none of the door's files but its log, read-only")
    func uplink() throws {
        let unit = try Self.unit("pn532ctl-uplink.service")
        #expect(Self.values("User", in: unit) == ["pn532ctl-uplink"])
        #expect(Self.values("SupplementaryGroups", in: unit) == ["pn532ctl-control"], "the control socket's group, none of the door's")
        #expect(Self.values("CapabilityBoundingSet", in: unit) == [""])
        #expect(Self.values("InaccessiblePaths", in: unit) == ["-/etc/pn532ctl -/var/lib/pn532ctl -/etc/pn532ctl-hooks"], "no key, no door.toml, no counters")
        #expect(Self.values("ReadOnlyPaths", in: unit) == ["-/var/log/pn532ctl"])
        #expect(Self.values("SystemCallFilter", in: unit) == ["@system-service"])
        #expect(Self.values("ExecStart", in: unit) == ["/usr/local/bin/pn532ctl door uplink --config /etc/pn532ctl-uplink/uplink.toml"])
        let door = try Self.unit("pn532ctl-door.service")
        #expect(Self.values("RuntimeDirectory", in: door) == ["pn532ctl"], "the control socket's directory")
        #expect(Self.values("SupplementaryGroups", in: door).first?.hasSuffix(" pn532ctl-control") == true)
    }

    @Test("the door cannot read the hook runner's rules and programs")
    func doorSeesNoHooks() throws {
        let unit = try Self.unit("pn532ctl-door.service")
        #expect(Self.values("InaccessiblePaths", in: unit) == ["-/etc/pn532ctl-hooks"])
        let hooksFile = try String(contentsOf: InstallScriptTests.repository.appendingPathComponent("scripts/hooks.toml"), encoding: .utf8)
        #expect(hooksFile.contains("installed as /etc/pn532ctl-hooks/hooks.toml"))
    }

    @Test(
        "systemd-analyze security agrees: no internet sockets, a system call allow list, a private umask",
        .enabled(if: FileManager.default.isExecutableFile(atPath: analyze), "systemd-analyze is not installed"))
    func systemdAgrees() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("pn532ctl-hooks.service")
        try Self.unit("pn532ctl-hooks.service").write(to: path, atomically: false, encoding: .utf8)
        let result = try runProgram(Self.analyze, ["security", "--offline=true", "--no-pager", path.path])
        #expect(result.status == 0, "\(result.error)")
        let passed = result.output.split(separator: "\n").filter { $0.hasPrefix("✓ ") }.map { $0.split(separator: " ")[1] }
        for check in ["RestrictAddressFamilies=~AF_(INET|INET6)", "SystemCallFilter=~@mount", "SystemCallFilter=~@debug", "SystemCallFilter=~@module", "UMask="] {
            #expect(passed.contains(Substring(check)), "systemd-analyze security does not pass \(check):\n\(result.output)")
        }
    }
}
