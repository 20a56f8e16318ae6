import Foundation
import Testing

/// scripts/package-deb on the debug binary this test run built (`--allow-swift-runtime`, no
/// compression): a release build would take minutes.
@Suite("scripts/package-deb")
struct DebianPackageTests {
    static let script = InstallScriptTests.repository.appendingPathComponent("scripts/package-deb").path

    /// One package built for the suite's tests, in a temporary directory, and unpacked.
    final class Package {
        let directory: URL
        let deb: URL
        let build: ProgramResult
        var tree: URL { directory.appendingPathComponent("tree") }
        var control: URL { directory.appendingPathComponent("control") }

        init() throws {
            directory = try temporaryDirectory()
            let out = directory.appendingPathComponent("dist")
            build = try runProgram(DebianPackageTests.script, ["--binary", binaryURL.path, "--allow-swift-runtime", "-Z", "none", "--out", out.path])
            let built = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".deb") }
            deb = out.appendingPathComponent(try #require(built.first, "no .deb: \(build.error)"))
            #expect(try runProgram("dpkg-deb", ["-x", deb.path, tree.path]).status == 0)
            #expect(try runProgram("dpkg-deb", ["-e", deb.path, control.path]).status == 0)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func path(_ relative: String) -> String { tree.appendingPathComponent(relative).path }

        func text(_ relative: String) throws -> String {
            String(decoding: try Data(contentsOf: tree.appendingPathComponent(relative)), as: UTF8.self)
        }

        func mode(_ relative: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path(relative))[.posixPermissions] as? Int)
        }

        func field(_ name: String) throws -> String {
            let result = try runProgram("dpkg-deb", ["-f", deb.path, name])
            return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func namedAndDescribedForThisMachine() throws {
        let package = try Package()
        #expect(package.build.status == 0, "\(package.build.error)")
        let architecture = try runProgram("dpkg", ["--print-architecture"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try package.field("Version")
        let commit = try #require(try pn532ctl(["--version"]).output.firstMatch(of: /\(commit ([0-9a-f]{12}|unknown)/)?.output.1)
        if commit != "unknown" {
            #expect(version.firstMatch(of: /^\d+\.\d+\.\d+\+git\d{8}\.[0-9a-f]{12}$/) != nil, "\(version)")
            #expect(version.hasSuffix(String(commit)))
        }
        #expect(package.deb.lastPathComponent == "pn532ctl_\(version)_\(architecture).deb")
        #expect(try package.field("Package") == "pn532ctl")
        #expect(try package.field("Architecture") == architecture)
        let depends = try package.field("Depends")
        #expect(depends.contains("libc6 (>= 2."), "\(depends)")
        #expect(!depends.lowercased().contains("swift"))
    }

    @Test func holdsTheBinaryManualPagesCompletionsUnitsAndProfiles() throws {
        let package = try Package()
        let listing = try runProgram("dpkg-deb", ["-c", package.deb.path])
        #expect(listing.status == 0)
        for path in [
            "./usr/bin/pn532ctl", "./usr/share/man/man1/pn532ctl.1.gz", "./usr/share/man/man1/pn532ctl-door-run.1.gz",
            "./usr/share/bash-completion/completions/pn532ctl", "./usr/share/zsh/vendor-completions/_pn532ctl",
            "./usr/share/fish/vendor_completions.d/pn532ctl.fish", "./usr/lib/systemd/system/pn532ctl-door.service",
            "./usr/lib/systemd/system/pn532ctl-hooks.service", "./usr/lib/systemd/system/pn532ctl-uplink.service",
            "./etc/pn532ctl-uplink/uplink.toml", "./usr/lib/udev/rules.d/99-pn532ctl.rules",
            "./usr/share/pn532ctl/boards/rpi4-uart.toml", "./etc/pn532ctl/door.toml", "./etc/pn532ctl-hooks/hooks.toml",
            "./usr/share/man/man5/door.toml.5.gz", "./usr/share/man/man5/hooks.toml.5.gz", "./usr/share/man/man1/pn532ctl-key-new.1.gz",
            "./usr/share/doc/pn532ctl/copyright", "./usr/lib/pn532ctl/device-setting",
        ] {
            #expect(listing.output.contains(" \(path)\n"), "the package lacks \(path)")
        }
        #expect(!listing.output.contains("/usr/local"))
        #expect(!listing.output.contains("door.key"), "the key is made on the machine, never shipped")
        for line in listing.output.split(separator: "\n") {
            #expect(line.contains(" root/root "), "not owned by root: \(line)")
        }
        try ManualPageCheck.expectValid(package.path("usr/share/man/man1/pn532ctl.1.gz"))
        try ManualPageCheck.expectValid(package.path("usr/share/man/man1/pn532ctl-token-issue.1.gz"))
        try ManualPageCheck.expectValid(package.path("usr/share/man/man5/door.toml.5.gz"))
        try ManualPageCheck.expectValid(package.path("usr/share/man/man5/hooks.toml.5.gz"))
        try ManualPageCheck.expectCompletions(
            bash: package.path("usr/share/bash-completion/completions/pn532ctl"),
            zsh: package.path("usr/share/zsh/vendor-completions/_pn532ctl"),
            fish: package.path("usr/share/fish/vendor_completions.d/pn532ctl.fish"))
        let unit = try package.text("usr/lib/systemd/system/pn532ctl-door.service")
        #expect(unit.contains("ExecStart=/usr/bin/pn532ctl door run"))
        #expect(unit.contains("ExecStopPost=/usr/bin/pn532ctl door release"))
        #expect(unit.contains("User=pn532ctl"))
        #expect(try package.text("usr/lib/systemd/system/pn532ctl-hooks.service").contains("ExecStart=/usr/bin/pn532ctl door hooks"))
        #expect(try package.text("usr/lib/systemd/system/pn532ctl-uplink.service").contains("ExecStart=/usr/bin/pn532ctl door uplink"))
        #expect(try package.text("etc/pn532ctl/door.toml") == String(decoding: try InstallScriptTests.repositoryFile("scripts/door.toml"), as: UTF8.self))
        let packaged = try runProgram(package.path("usr/bin/pn532ctl"), ["--version"])
        #expect(packaged.output == (try pn532ctl(["--version"])).output)
    }

    /// Debian policy 12.5: the package carries its licence, machine-readable (DEP-5), naming
    /// the repository's licence and the system's copy of its text.
    @Test func holdsTheCopyrightFileNamingTheLicence() throws {
        let package = try Package()
        let copyright = try package.text("usr/share/doc/pn532ctl/copyright")
        #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
        #expect(copyright.contains("\nUpstream-Name: pn532ctl\n"))
        #expect(copyright.contains("\nFiles: *\n"))
        #expect(copyright.contains("\nLicense: Apache-2.0\n"))
        #expect(copyright.contains("/usr/share/common-licenses/Apache-2.0"))
        #expect(try package.mode("usr/share/doc/pn532ctl/copyright") == 0o644)
        let licence = String(decoding: try InstallScriptTests.repositoryFile("LICENSE"), as: UTF8.self)
        #expect(licence.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"))
        #expect(try package.text("usr/share/doc/pn532ctl/NOTICE") == String(decoding: try InstallScriptTests.repositoryFile("NOTICE"), as: UTF8.self))
        // Every paragraph's License names a licence the file states in full or by reference.
        let named = Set(copyright.matches(of: /\nLicense: ([^\n]+)\n/).map { String($0.output.1) })
        #expect(named == ["Apache-2.0"])
    }

    @Test func maintainerScriptsAndConffiles() throws {
        let package = try Package()
        let conffiles = String(decoding: try Data(contentsOf: package.control.appendingPathComponent("conffiles")), as: UTF8.self)
        #expect(conffiles == "/etc/pn532ctl/door.toml\n/etc/pn532ctl-hooks/hooks.toml\n/etc/pn532ctl-uplink/uplink.toml\n")
        for script in ["postinst", "prerm", "postrm"] {
            let path = package.control.appendingPathComponent(script).path
            #expect(FileManager.default.isExecutableFile(atPath: path), "\(script) is not executable")
            let syntax = try runProgram("sh", ["-n", path])
            #expect(syntax.status == 0, "sh -n \(script): \(syntax.error)")
        }
        let postinst = String(decoding: try Data(contentsOf: package.control.appendingPathComponent("postinst")), as: UTF8.self)
        // The accounts the units run as, and the groups the udev rule and the unit name.
        let unit = try package.text("usr/lib/systemd/system/pn532ctl-door.service")
        let hooksUnit = try package.text("usr/lib/systemd/system/pn532ctl-hooks.service")
        #expect(unit.contains("User=pn532ctl\n") && postinst.contains("user=pn532ctl\n"))
        #expect(hooksUnit.contains("User=pn532ctl-hooks\n") && postinst.contains("hooks_user=pn532ctl-hooks\n"))
        #expect(unit.contains("SupplementaryGroups=dialout gpio i2c spi pn532ctl-hooks pn532ctl-control"))
        let uplinkUnit = try package.text("usr/lib/systemd/system/pn532ctl-uplink.service")
        #expect(uplinkUnit.contains("User=pn532ctl-uplink\n") && postinst.contains("uplink_user=pn532ctl-uplink\n"))
        #expect(uplinkUnit.contains("SupplementaryGroups=pn532ctl-control\n") && postinst.contains("control_group=pn532ctl-control\n"))
        #expect(postinst.contains("device_groups=\"dialout gpio i2c spi\""))
        #expect(postinst.contains("useradd --system"))
        #expect(postinst.contains("/usr/lib/pn532ctl/device-setting ${PN532CTL_DEVICE:+--device \"$PN532CTL_DEVICE\"}"))
        #expect(FileManager.default.isExecutableFile(atPath: package.path("usr/lib/pn532ctl/device-setting")))
        let prerm = String(decoding: try Data(contentsOf: package.control.appendingPathComponent("prerm")), as: UTF8.self)
        #expect(prerm.contains("systemctl stop pn532ctl-uplink.service pn532ctl-door.service pn532ctl-hooks.service"))
    }

    /// `apt-get install ./pn532ctl_….deb`, then a purge, for real: in a private mount namespace
    /// whose root is an overlay of this system on a tmpfs, so nothing reaches the machine.
    /// Needs root (unshare, mount), as CI has.
    @Test(.enabled(if: getuid() == 0, "needs root for a mount namespace"))
    func installsAndPurgesWithApt() throws {
        let package = try Package()
        let work = package.directory.appendingPathComponent("overlay")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let script = work.appendingPathComponent("inside.sh")
        try Data(Self.overlayScript.utf8).write(to: script)
        let result = try runProgram("unshare", ["--mount", "--fork", "sh", script.path, work.path, package.deb.path])
        #expect(result.status == 0, "\(result.output)\n\(result.error)")
        let output = result.output
        #expect(output.contains("Setting up pn532ctl"), "\(output)")
        #expect(output.contains("user: dialout gpio i2c pn532ctl pn532ctl-control pn532ctl-hooks spi\n"), "\(output)")
        #expect(output.contains("uplink user: pn532ctl-control pn532ctl-uplink\n"), "the uplink: its own group and the control socket's, none of the door's\n\(output)")
        #expect(output.contains("hooks user: pn532ctl-hooks\n"), "\(output)")
        #expect(output.contains("key: 640 root:pn532ctl 32\n"), "\(output)")
        #expect(output.contains("the door reads it: /etc/pn532ctl/door.toml: configuration OK ("), "\(output)")
        #expect(output.contains("the door writes it: no\n"), "\(output)")
        #expect(output.contains("config: 640 root:pn532ctl\n"), "\(output)")
        #expect(output.contains("audit keys: 400 root:root 600 pn532ctl:pn532ctl\n"), "the initial key the door cannot read, its evolving key beside the log\n\(output)")
        #expect(output.contains("device: uart:/dev/ttyUSB0 644\n"), "\(output)")
        #expect(output.contains("drop-in: DeviceAllow=/dev/ttyUSB0 rw\n"), "\(output)")
        #expect(output.contains("version: \(try pn532ctl(["--version"]).output)"), "\(output)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/setfacl") {
            #expect(output.contains("the uplink reads the log: {}\n"), "the ACL postinst sets\n\(output)")
        }
        #expect(output.contains("the uplink reads the audit key: no\n"), "\(output)")
        #expect(output.contains("the uplink reads door.toml: no\n"), "\(output)")
        #expect(output.contains("enabled: \n"), "a first install enables nothing: the example configuration is not the owner's\n\(output)")
        #expect(output.contains("manual: /usr/share/man/man1/pn532ctl-door-run.1.gz\n"), "\(output)")
        #expect(output.contains("format: /usr/share/man/man5/door.toml.5.gz\n"), "\(output)")
        #expect(output.contains("after purge: only the audit initial key in /etc/pn532ctl, no drop-in, no /var/lib/pn532ctl, no /usr/bin/pn532ctl, not enabled\n"), "\(output)")
    }

    /// `sh inside.sh WORK DEB`, run by `unshare --mount`: the overlay, apt inside it, a report.
    static let overlayScript = #"""
        set -eu
        work=$1
        deb=$2
        mkdir -p "$work/t"
        mount -t tmpfs tmpfs "$work/t"
        mkdir -p "$work/t/upper" "$work/t/work" "$work/t/root"
        mount -t overlay overlay -o "lowerdir=/,upperdir=$work/t/upper,workdir=$work/t/work" "$work/t/root"
        mount --rbind /proc "$work/t/root/proc"
        mount --rbind /dev "$work/t/root/dev"
        mkdir -p "$work/t/root/tmp/pkg"
        cp "$deb" "$work/t/root/tmp/pkg/"
        chroot "$work/t/root" sh -eu -c '
            export DEBIAN_FRONTEND=noninteractive
            rm -f /var/lib/man-db/auto-update    # no man-db index rebuild: seconds of CPU
            PN532CTL_DEVICE=uart:/dev/ttyUSB0 apt-get install -y -q /tmp/pkg/*.deb
            echo "device: $(grep -v "^#" /etc/pn532ctl/device) $(stat -c %a /etc/pn532ctl/device)"
            echo "drop-in: $(grep DeviceAllow /etc/systemd/system/pn532ctl-door.service.d/device.conf)"
            echo "user: $(id -nG pn532ctl | tr " " "\n" | sort | tr "\n" " " | sed "s/ $//")"
            echo "hooks user: $(id -nG pn532ctl-hooks)"
            echo "uplink user: $(id -nG pn532ctl-uplink | tr " " "\n" | sort | tr "\n" " " | sed "s/ $//")"
            echo "key: $(stat -c "%a %U:%G %s" /etc/pn532ctl/door.key)"
            echo "the door reads it: $(runuser -u pn532ctl -- pn532ctl door check-config /etc/pn532ctl/door.toml 2>&1 >/dev/null | tail -n 1)"
            echo "the door writes it: $(runuser -u pn532ctl -- sh -c ": >> /etc/pn532ctl/door.key" 2>/dev/null && echo yes || echo no)"
            echo "config: $(stat -c "%a %U:%G" /etc/pn532ctl/door.toml)"
            echo "audit keys: $(stat -c "%a %U:%G" /etc/pn532ctl/audit-initial.key) $(stat -c "%a %U:%G" /var/log/pn532ctl/audit.jsonl.key)"
            runuser -u pn532ctl -- sh -c "umask 027; echo {} > /var/log/pn532ctl/audit.jsonl"
            echo "the uplink reads the log: $(runuser -u pn532ctl-uplink -- cat /var/log/pn532ctl/audit.jsonl 2>/dev/null || echo no)"
            echo "the uplink reads the audit key: $(runuser -u pn532ctl-uplink -- cat /var/log/pn532ctl/audit.jsonl.key >/dev/null 2>&1 && echo yes || echo no)"
            echo "the uplink reads door.toml: $(runuser -u pn532ctl-uplink -- cat /etc/pn532ctl/door.toml >/dev/null 2>&1 && echo yes || echo no)"
            echo "version: $(pn532ctl --version)"
            echo "enabled: $(ls /etc/systemd/system/multi-user.target.wants | grep pn532ctl | tr "\n" " " | sed "s/ $//")"
            echo "manual: $(man -w pn532ctl-door-run)"
            echo "format: $(man -w 5 door.toml)"
            apt-get purge -y -q pn532ctl
            printf "after purge:"
            [ "$(ls /etc/pn532ctl)" = audit-initial.key ] && printf " only the audit initial key in /etc/pn532ctl,"
            [ -e /etc/systemd/system/pn532ctl-door.service.d ] || printf " no drop-in,"
            [ -e /var/lib/pn532ctl ] || printf " no /var/lib/pn532ctl,"
            [ -e /usr/bin/pn532ctl ] || printf " no /usr/bin/pn532ctl,"
            ls /etc/systemd/system/multi-user.target.wants | grep -q pn532ctl || printf " not enabled"
            echo
        '
        """#

    @Test func refusals() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("dist").path
        let swiftRuntime = try runProgram(Self.script, ["--binary", binaryURL.path, "--out", out])
        #expect(swiftRuntime.status != 0)
        #expect(swiftRuntime.error.contains("needs Swift's libswift"), "\(swiftRuntime.error)")
        #expect(swiftRuntime.error.contains("--static-swift-stdlib"))
        let host = try runProgram("dpkg", ["--print-architecture"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let other = host == "arm64" ? "amd64" : "arm64"
        let wrongArchitecture = try runProgram(Self.script, ["--binary", binaryURL.path, "--allow-swift-runtime", "--arch", other, "--out", out])
        #expect(wrongArchitecture.status != 0)
        #expect(wrongArchitecture.error.contains("not for \(other)"), "\(wrongArchitecture.error)")
        let missing = try runProgram(Self.script, ["--binary", directory.appendingPathComponent("absent").path, "--out", out])
        #expect(missing.status != 0)
        #expect(missing.error.contains("no executable at"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
