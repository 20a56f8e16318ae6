import Foundation
import Testing

@Suite("scripts/install.sh into a DESTDIR", .serialized)
struct InstallScriptTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A temporary root and a copy of the built binary (which writes its manual pages and
    /// completions during the install).
    final class Install {
        let directory: URL
        var root: URL { directory.appendingPathComponent("root") }
        var binary: URL { directory.appendingPathComponent("pn532ctl") }

        init() throws {
            directory = try temporaryDirectory()
            try FileManager.default.copyItem(at: binaryURL, to: binary)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

        func mode(_ relative: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path(relative))[.posixPermissions] as? Int)
        }

        func contents(_ relative: String) throws -> Data {
            try Data(contentsOf: URL(fileURLWithPath: path(relative)))
        }

        /// Runs the script with DESTDIR set to `root` (and PREFIX, when given).
        func run(_ arguments: [String], destdir: String? = nil, prefix: String? = nil) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = InstallScriptTests.repository.appendingPathComponent("scripts/install.sh")
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["DESTDIR"] = destdir ?? root.path
            environment["PREFIX"] = prefix
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
    }

    static func repositoryFile(_ relative: String) throws -> Data {
        try Data(contentsOf: repository.appendingPathComponent(relative))
    }

    @Test func installsTheTreeWithItsModes() throws {
        let install = try Install()
        let result = try install.run(["--binary", install.binary.path, "--allow-dynamic", "--no-systemctl"])
        #expect(result.status == 0, "\(result.output)")
        #expect(try install.mode("usr/local/bin/pn532ctl") == 0o755)
        #expect(FileManager.default.isExecutableFile(atPath: install.path("usr/local/bin/pn532ctl")))
        #expect(try install.contents("etc/systemd/system/pn532ctl-door.service") == Self.repositoryFile("scripts/pn532ctl-door.service"))
        #expect(try install.contents("etc/systemd/system/pn532ctl-hooks.service") == Self.repositoryFile("scripts/pn532ctl-hooks.service"))
        #expect(try install.contents("etc/pn532ctl-hooks/hooks.toml") == Self.repositoryFile("scripts/hooks.toml"))
        #expect(try install.mode("etc/pn532ctl-hooks/hooks.toml") == 0o640)
        #expect(try install.mode("etc/pn532ctl-hooks") == 0o750)
        #expect(try install.contents("etc/systemd/system/pn532ctl-uplink.service") == Self.repositoryFile("scripts/pn532ctl-uplink.service"))
        #expect(try install.contents("etc/pn532ctl-uplink/uplink.toml") == Self.repositoryFile("scripts/uplink.toml"))
        #expect(try install.mode("etc/pn532ctl-uplink/uplink.toml") == 0o640)
        #expect(try install.mode("etc/pn532ctl-uplink") == 0o750)
        #expect(try install.contents("etc/udev/rules.d/99-pn532ctl.rules") == Self.repositoryFile("scripts/99-pn532ctl.rules"))
        #expect(try install.contents("etc/pn532ctl/door.toml") == Self.repositoryFile("scripts/door.toml"))
        #expect(try install.mode("etc/pn532ctl/door.toml") == 0o640)
        #expect(try install.mode("etc/pn532ctl") == 0o755, "every user reads /etc/pn532ctl/device; the key and door.toml keep their modes")
        #expect(try install.contents("etc/pn532ctl/door.key").count == 32)
        #expect(try install.mode("etc/pn532ctl/door.key") == 0o600)
        #expect(try install.mode("var/log/pn532ctl") == 0o750)
        #expect(try install.mode("var/lib/pn532ctl") == 0o750)
        #expect(try install.mode("etc/pn532ctl/audit-initial.key") == 0o400, "the audit log's initial key, for door log --verify --key")
        #expect(try install.mode("var/log/pn532ctl/audit.jsonl.key") == 0o600, "the door's evolving audit key")
        let boards = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("boards").path).sorted()
        #expect(!boards.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: install.path("usr/share/pn532ctl/boards")).sorted() == boards)
        #expect(!FileManager.default.fileExists(atPath: install.path("etc/pn532ctl/door.key.new")))
    }

    @Test func aSecondRunKeepsTheConfigurationAndTheKey() throws {
        let install = try Install()
        #expect(try install.run(["--binary", install.binary.path, "--allow-dynamic", "--no-systemctl"]).status == 0)
        let edited = Data("board = \"rpi5-uart\"\n".utf8)
        try edited.write(to: URL(fileURLWithPath: install.path("etc/pn532ctl/door.toml")))
        let key = try install.contents("etc/pn532ctl/door.key")
        let auditKey = try install.contents("etc/pn532ctl/audit-initial.key")
        let again = try install.run(["--binary", install.binary.path, "--allow-dynamic", "--no-systemctl"])
        #expect(again.status == 0, "\(again.output)")
        #expect(again.output.contains("kept the existing audit key"))
        #expect(try install.contents("etc/pn532ctl/audit-initial.key") == auditKey)
        #expect(again.output.contains("kept the existing \(install.path("etc/pn532ctl/door.toml"))"))
        #expect(try install.contents("etc/pn532ctl/door.toml") == edited)
        #expect(try install.contents("etc/pn532ctl/door.key") == key)
    }

    @Test func eachInstallGetsItsOwnKey() throws {
        let first = try Install()
        let second = try Install()
        #expect(try first.run(["--binary", first.binary.path, "--allow-dynamic"]).status == 0)
        #expect(try second.run(["--binary", second.binary.path, "--allow-dynamic"]).status == 0)
        #expect(try first.contents("etc/pn532ctl/door.key") != second.contents("etc/pn532ctl/door.key"))
    }

    @Test func installsTheManualPagesAndCompletions() throws {
        let install = try Install()
        let result = try install.run(["--binary", install.binary.path, "--allow-dynamic", "--no-systemctl"])
        #expect(result.status == 0, "\(result.output)")
        for page in ["pn532ctl.1", "pn532ctl-door-run.1", "pn532ctl-door-check-config.1", "pn532ctl-ndef-encode.1", "pn532ctl-write.1"] {
            try ManualPageCheck.expectValid(install.path("usr/local/share/man/man1/\(page)"))
        }
        #expect(!FileManager.default.fileExists(atPath: install.path("usr/local/share/man/man1/pn532ctl-help.1")))
        for page in ["door.toml.5", "hooks.toml.5"] {
            try ManualPageCheck.expectValid(install.path("usr/local/share/man/man5/\(page)"))
        }
        try ManualPageCheck.expectCompletions(
            bash: install.path("usr/local/share/bash-completion/completions/pn532ctl"),
            zsh: install.path("usr/local/share/zsh/site-functions/_pn532ctl"),
            fish: install.path("usr/local/share/fish/vendor_completions.d/pn532ctl.fish"))
    }

    @Test func prefixMovesTheBinaryPagesAndCompletionsAndTheUnitsRunIt() throws {
        let install = try Install()
        let result = try install.run(["--binary", install.binary.path, "--allow-dynamic", "--no-systemctl"], prefix: "/opt/pn532ctl")
        #expect(result.status == 0, "\(result.output)")
        #expect(FileManager.default.isExecutableFile(atPath: install.path("opt/pn532ctl/bin/pn532ctl")))
        #expect(FileManager.default.fileExists(atPath: install.path("opt/pn532ctl/share/man/man1/pn532ctl.1")))
        #expect(FileManager.default.fileExists(atPath: install.path("opt/pn532ctl/share/bash-completion/completions/pn532ctl")))
        #expect(!FileManager.default.fileExists(atPath: install.path("usr/local/bin/pn532ctl")))
        let unit = String(decoding: try install.contents("etc/systemd/system/pn532ctl-door.service"), as: UTF8.self)
        #expect(unit.contains("ExecStart=/opt/pn532ctl/bin/pn532ctl door run"))
        #expect(unit.contains("ExecStopPost=/opt/pn532ctl/bin/pn532ctl door release"))
        #expect(!unit.contains("/usr/local/bin"))
        #expect(FileManager.default.fileExists(atPath: install.path("usr/share/pn532ctl/boards/rpi4-uart.toml")))
    }

    @Test func refusals() throws {
        let install = try Install()
        let missing = try install.run(["--binary", install.directory.appendingPathComponent("absent").path])
        #expect(missing.status != 0)
        #expect(missing.output.contains("no binary at"))
        let relative = try install.run(["--no-build"], destdir: "relative/root")
        #expect(relative.status != 0)
        #expect(relative.output.contains("DESTDIR must be an absolute path"))
        let unknown = try install.run(["--frobnicate"])
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("unknown option --frobnicate"))
        let relativePrefix = try install.run(["--no-build"], prefix: "usr")
        #expect(relativePrefix.status != 0)
        #expect(relativePrefix.output.contains("PREFIX must be an absolute path"))
        #expect(!FileManager.default.fileExists(atPath: install.root.path))
    }

    @Test func refusesABinaryThatNeedsSwiftsSharedRuntime() throws {
        let install = try Install()
        let result = try install.run(["--binary", install.binary.path, "--no-systemctl"])
        #expect(result.status != 0)
        #expect(result.output.contains("needs Swift's shared runtime ("), "\(result.output)")
        #expect(result.output.contains("libswiftCore.so"))
        #expect(result.output.contains("swift build -c release --static-swift-stdlib"))
        #expect(result.output.contains("--allow-dynamic"))
        #expect(!FileManager.default.fileExists(atPath: install.root.path), "nothing installed")
    }

    @Test func aGivenDeviceIsWrittenOnceWithTheDoorUnitsDropInAndANewDoorToml() throws {
        let install = try Install()
        let result = try install.run(["--binary", install.binary.path, "--allow-dynamic", "--device", "uart:/dev/ttyUSB0"])
        #expect(result.status == 0, "\(result.output)")
        #expect(try Self.deviceLines(install) == ["uart:/dev/ttyUSB0"])
        #expect(try install.mode("etc/pn532ctl/device") == 0o644)
        let dropIn = String(decoding: try install.contents("etc/systemd/system/pn532ctl-door.service.d/device.conf"), as: UTF8.self)
        #expect(dropIn.hasSuffix("[Service]\nDeviceAllow=/dev/ttyUSB0 rw\n"), "\(dropIn)")
        let config = String(decoding: try install.contents("etc/pn532ctl/door.toml"), as: UTF8.self)
        #expect(config.contains("\n[reader]\ndevice = \"uart:/dev/ttyUSB0\""), "\(config)")

        let again = try install.run(["--binary", install.binary.path, "--allow-dynamic", "--device", "i2c:/dev/i2c-3"])
        #expect(again.status == 0, "\(again.output)")
        #expect(again.output.contains("kept the existing \(install.path("etc/pn532ctl/device"))"))
        #expect(again.output.contains("--device i2c:/dev/i2c-3 not applied"))
        #expect(try Self.deviceLines(install) == ["uart:/dev/ttyUSB0"])
        #expect(try install.contents("etc/pn532ctl/door.toml") == Data(config.utf8))
    }

    @Test func aBadDeviceIsRefusedBeforeAnythingIsInstalled() throws {
        let install = try Install()
        let result = try install.run(["--binary", install.binary.path, "--allow-dynamic", "--device", "serial0"])
        #expect(result.status != 0)
        #expect(result.output.contains("--device 'serial0' is not a reader's device"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: install.root.path))
    }

    /// /dev/serial0 is the Pi's UART, where a PN532 HAT sits: taken, and the drop-in allows
    /// what it links to as well.
    @Test func serial0IsDetectedAndItsTargetAllowed() throws {
        let install = try Install()
        let dev = install.root.appendingPathComponent("dev")
        try FileManager.default.createDirectory(at: dev, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dev.appendingPathComponent("ttyAMA0").path, contents: Data())
        try FileManager.default.createSymbolicLink(atPath: dev.appendingPathComponent("serial0").path, withDestinationPath: "ttyAMA0")
        let result = try install.run(["--binary", install.binary.path, "--allow-dynamic"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("reader device: uart:/dev/serial0 (detected"), "\(result.output)")
        #expect(try Self.deviceLines(install) == ["uart:/dev/serial0"])
        let dropIn = String(decoding: try install.contents("etc/systemd/system/pn532ctl-door.service.d/device.conf"), as: UTF8.self)
        #expect(dropIn.hasSuffix("[Service]\nDeviceAllow=/dev/serial0 rw\nDeviceAllow=/dev/ttyAMA0 rw\n"), "\(dropIn)")
        #expect(try install.contents("etc/pn532ctl/door.toml") == Self.repositoryFile("scripts/door.toml"))
    }

    /// An I2C bus or a USB-serial port may be another device's: named, never opened, and the
    /// file is left a commented template with no drop-in.
    @Test func otherPortsAreNamedNotTaken() throws {
        let install = try Install()
        let dev = install.root.appendingPathComponent("dev")
        try FileManager.default.createDirectory(at: dev, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dev.appendingPathComponent("i2c-1").path, contents: Data())
        let result = try install.run(["--binary", install.binary.path, "--allow-dynamic"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("reader device: none detected; \(install.path("etc/pn532ctl/device")) is a commented template: set the reader's device there (ports seen, not probed: /dev/i2c-1)"), "\(result.output)")
        #expect(try Self.deviceLines(install).isEmpty)
        let template = String(decoding: try install.contents("etc/pn532ctl/device"), as: UTF8.self)
        #expect(template.contains("\n#i2c:/dev/i2c-1\n"))
        #expect(!FileManager.default.fileExists(atPath: install.path("etc/systemd/system/pn532ctl-door.service.d")))
    }

    @Test func uninstallRemovesWhatItInstalledAndKeepsTheConfigurationUnlessPurged() throws {
        let install = try Install()
        #expect(try install.run(["--binary", install.binary.path, "--allow-dynamic", "--device", "uart:/dev/ttyUSB0"]).status == 0)
        FileManager.default.createFile(atPath: install.path("var/log/pn532ctl/audit.jsonl"), contents: Data("{}\n".utf8))
        let key = try install.contents("etc/pn532ctl/door.key")
        let removed = try install.run(["--uninstall"])
        #expect(removed.status == 0, "\(removed.output)")
        #expect(removed.output.contains("kept the configuration"))
        let files = try Self.files(under: install.root)
        #expect(files == [
            "etc/pn532ctl-hooks/hooks.toml", "etc/pn532ctl-uplink/uplink.toml", "etc/pn532ctl/audit-initial.key", "etc/pn532ctl/device", "etc/pn532ctl/door.key",
            "etc/pn532ctl/door.toml", "var/log/pn532ctl/audit.jsonl", "var/log/pn532ctl/audit.jsonl.key",
        ], "\(files)")
        #expect(try install.contents("etc/pn532ctl/door.key") == key)

        let purged = try install.run(["--uninstall", "--purge"])
        #expect(purged.status == 0, "\(purged.output)")
        #expect(try Self.files(under: install.root) == [])
        for directory in ["etc/pn532ctl", "etc/pn532ctl-hooks", "var/lib/pn532ctl", "var/log/pn532ctl", "usr/share/pn532ctl"] {
            #expect(!FileManager.default.fileExists(atPath: install.path(directory)), "\(directory) left")
        }
        let lonePurge = try install.run(["--purge"])
        #expect(lonePurge.status != 0)
        #expect(lonePurge.output.contains("--purge goes with --uninstall"))
    }

    /// A door that cannot start is retried a bounded number of times; one that crashes after
    /// a good start is restarted.
    @Test func theDoorUnitStopsRetryingAnUnstartableDoor() throws {
        let unit = String(decoding: try Self.repositoryFile("scripts/pn532ctl-door.service"), as: UTF8.self)
        let lines = Set(unit.split(separator: "\n").map(String.init))
        #expect(lines.contains("Restart=always"))
        #expect(lines.contains("StartLimitBurst=5"))
        #expect(lines.contains("StartLimitIntervalSec=10min"))
        #expect(!lines.contains("StartLimitIntervalSec=0"), "0 turns the limit off: restarts for ever")
    }

    /// The newcomer's path: the documented install into a scratch root, then the installed
    /// binary runs the unit's ExecStart with the installed configuration (its reader the pty
    /// simulator given with --device, its GPIO a sysfs tree of files) and state directory,
    /// and starts on the first try: READY on the notify socket, the counter file created.
    @Test func theInstalledDoorStartsOnTheFirstTry() throws {
        let install = try Install()
        let simulator = try SimulatorProcess(["--empty", "--link", install.directory.appendingPathComponent("pn532").path])
        defer { _ = simulator.stop() }
        let device = "uart:" + install.directory.appendingPathComponent("pn532").path
        let result = try install.run(["--binary", install.binary.path, "--allow-dynamic", "--device", device])
        #expect(result.status == 0, "\(result.output)")

        // The example's paths, moved into the root; GPIO on a sysfs tree of the board's lines
        // (sysfs has no pull-up: the exit button is taken active high).
        let sysfs = install.directory.appendingPathComponent("gpio")
        try DoorScene.makeSysfs(at: sysfs)
        try Self.exportLine(539, direction: "out", value: "1", in: sysfs)    // the board's reset_line GPIO27
        let configPath = install.path("etc/pn532ctl/door.toml")
        let config = String(decoding: try install.contents("etc/pn532ctl/door.toml"), as: UTF8.self)
        let button = "# exit_button = { line = \"GPIO22\", active_low = true }"
        #expect(config.contains(button))
        let adapted = Self.moved(config, into: install).replacingOccurrences(of: button, with: "exit_button = { line = \"GPIO22\", active_low = false }")
            + "\n[gpio]\nbackend = \"sysfs\"\nsysfs_root = \"\(sysfs.path)\"\n"
        try Data(adapted.utf8).write(to: URL(fileURLWithPath: configPath))

        let unit = String(decoding: try install.contents("etc/systemd/system/pn532ctl-door.service"), as: UTF8.self)
        let execStart = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        let command = Self.moved(String(execStart.dropFirst("ExecStart=".count)), into: install).split(separator: " ").map(String.init)
        #expect(command.first == install.path("usr/local/bin/pn532ctl"))
        let counters = install.path("var/lib/pn532ctl/counters")
        #expect(!FileManager.default.fileExists(atPath: counters))

        let notify = try NotifySocket(path: install.directory.appendingPathComponent("notify").path)
        let door = Process()
        door.executableURL = URL(fileURLWithPath: command[0])
        door.arguments = Array(command.dropFirst()) + ["--boards", install.path("usr/share/pn532ctl/boards")]
        var environment = ProcessInfo.processInfo.environment
        for name in ["JOURNAL_STREAM", "WATCHDOG_USEC", "WATCHDOG_PID", "PN532_DEVICE"] { environment[name] = nil }
        environment["NOTIFY_SOCKET"] = notify.path
        door.environment = environment
        let log = install.directory.appendingPathComponent("door.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        door.standardError = try FileHandle(forWritingTo: log)
        door.standardOutput = FileHandle.nullDevice
        try door.run()
        defer { if door.isRunning { door.terminate(); door.waitUntilExit() } }

        let ready = try? notify.receive(containing: "READY=1")
        let text = { String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self) }
        #expect(ready != nil, "no READY=1: \(text())")
        #expect(try String(contentsOfFile: counters, encoding: .utf8).hasPrefix("# pn532ctl token counters v2"))
        let audit = try String(contentsOfFile: install.path("var/log/pn532ctl/audit.jsonl"), encoding: .utf8)
        #expect(audit.contains("\"event\":\"config\",\"rule\":\"counters\",\"reason\":\"token counters first start"), "\(audit)")
        #expect(FileManager.default.fileExists(atPath: install.path("var/lib/pn532ctl/door-lines.toml")), "the lines kept for door release")
        door.terminate()
        door.waitUntilExit()
        #expect(door.terminationStatus == 0, "\(text())")
        #expect(text().contains("token counters first start"))
        #expect(try String(contentsOf: sysfs.appendingPathComponent("gpio529/value"), encoding: .utf8).hasPrefix("0"), "relay released")
    }

    /// The device file's lines that are not comments.
    static func deviceLines(_ install: Install) throws -> [String] {
        String(decoding: try install.contents("etc/pn532ctl/device"), as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The files (not directories) under `root`, relative and sorted.
    static func files(under root: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(relative)
            }
        }
        return files.sorted()
    }

    /// `text` with the system's paths of an install moved under its root.
    static func moved(_ text: String, into install: Install) -> String {
        let moved = ["/usr/local/bin/", "/etc/pn532ctl/", "/var/lib/pn532ctl", "/var/log/pn532ctl/"].reduce(" " + text) { text, path in
            text.replacingOccurrences(of: " " + path, with: " " + install.root.path + path)
                .replacingOccurrences(of: "\"" + path, with: "\"" + install.root.path + path)
        }
        return String(moved.dropFirst())
    }

    /// Adds an exported line to a sysfs tree.
    static func exportLine(_ number: Int, direction: String, value: String, in root: URL) throws {
        let line = root.appendingPathComponent("gpio\(number)")
        try FileManager.default.createDirectory(at: line, withIntermediateDirectories: true)
        for (name, text) in [("direction", direction), ("value", value), ("edge", "none"), ("active_low", "0")] {
            try Data((text + "\n").utf8).write(to: line.appendingPathComponent(name))
        }
    }
}
