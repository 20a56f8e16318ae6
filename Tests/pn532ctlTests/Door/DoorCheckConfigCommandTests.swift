import Foundation
import Testing

@Suite("pn532ctl door check-config")
struct DoorCheckConfigCommandTests {
    /// The package's root, for `boards/` and `scripts/door.toml`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let boards = root.appendingPathComponent("boards").path

    /// A directory with a 32-byte key file of `mode` and `door.toml` holding `text`, where
    /// `KEY` stands for the key file's path and `DIR` for the directory. A text without an
    /// `[audit]` section gets one ending it, its log in the directory (the default's directory,
    /// /var/log/pn532ctl, is not on a test machine).
    struct Scene {
        let directory: URL
        var config: String { directory.appendingPathComponent("door.toml").path }
        var key: String { directory.appendingPathComponent("door.key").path }

        init(_ text: String, keyMode: Int = 0o600) throws {
            directory = try temporaryDirectory()
            FileManager.default.createFile(atPath: key, contents: Data((0..<32).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }), attributes: [.posixPermissions: keyMode])
            let audit = text.contains("[audit]") ? "" : "\n[audit]\npath = \"DIR/audit.jsonl\"\n"
            try (text + audit).replacingOccurrences(of: "KEY", with: key).replacingOccurrences(of: "DIR", with: directory.path)
                .write(toFile: config, atomically: true, encoding: .utf8)
        }

        func check(_ extra: [String] = ["--boards", DoorCheckConfigCommandTests.boards]) throws -> CommandResult {
            try pn532ctl(["door", "check-config", config] + extra)
        }

        func remove() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// The shipped example with its key file moved into the scene.
    static func example() throws -> String {
        try String(contentsOf: root.appendingPathComponent("scripts/door.toml"), encoding: .utf8)
            .replacingOccurrences(of: "/etc/pn532ctl/door.key", with: "KEY")
            .replacingOccurrences(of: "/var/log/pn532ctl", with: "DIR").replacingOccurrences(of: "/var/lib/pn532ctl", with: "DIR")
    }

    @Test("the shipped scripts/door.toml passes, and the printed configuration passes again unchanged")
    func goodFile() throws {
        let scene = try Scene(try Self.example())
        defer { scene.remove() }
        let result = try scene.check()
        #expect(result.status == 0)
        let notes = result.standardError.split(separator: "\n").filter { $0.hasPrefix("\(scene.config): note: GPIO lines not checked") }
        let counters = "\(scene.config): note: security.counter_file: \(scene.directory.path)/counters does not exist yet: door run creates it at its first start (there is no audit log \(scene.directory.path)/audit.jsonl yet either)\n"
        let copyable = "\(scene.config): warning: user \"caretaker\" has uid 04:A2:2B:1A:5C:6E:80: a UID is copyable (anyone who reads it can write it onto a UID-changeable tag or emulate it); give the user an NTAG 424 DNA (ntag424) instead\n"
        #expect(result.standardError == notes.map { $0 + "\n" }.joined() + counters + copyable + "\(scene.config): configuration OK (2 users)\n")
        #expect(result.output.contains("[relay]\nline = \"GPIO17\"\nactive_low = false\nmode = \"pulse\"\npulse = 3\n"))
        #expect(result.output.contains("uid = [\"04:A2:2B:1A:5C:6E:80\"]\n"))

        let printed = try Scene(result.output)
        defer { printed.remove() }
        let again = try printed.check([])
        #expect(again.status == 0)
        let withoutBoardNote = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
        #expect(again.output == withoutBoardNote)
    }

    @Test("each kind of mistake exits 65 naming the file, line and key", arguments: [
        ("[reader]\ndevice = \"/dev/serial0\"\n[relay]\nline = \"GPIO17\"\npulse = 0\n", ":5: relay.pulse: must be between 0.1 and 600 seconds, not 0"),
        ("[reader]\ndevice = \"/dev/serial0\"\n[relay]\nline = \"GPIO17\"\npuls = 3\n", ":5: relay.puls: unknown key; did you mean pulse?"),
        ("[reader]\ndevice = \"/dev/serial0\"\n[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\ntoken = true\n", ":7: users[0].token: needs security.key_file"),
        ("board = \"rpi4-uart\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\n[[users]]\nname = \"b\"\nuid = \"04:11:22:33\"\n", ":7: users[1].uid[0]: 04:11:22:33 already belongs to users[0] (line 4)"),
        ("board = \"rpi4-uart\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\nschedule = \"Mon-Fri 18:00-08:00\"\n", ":5: users[0].schedule[0]: \"Mon-Fri 18:00-08:00\": the end 08:00 must be after the start 18:00"),
        ("board = \"rpi4-uart\"\n[inputs]\ndoorbell = \"GPIO17\"\n", ":3: inputs.doorbell: GPIO17 is already used by relay.line"),
        ("board = \"rpi4-uart\"\n[relay]\npulse = 3\npulse = 4\n", ":4:1: duplicate key pulse (first defined on line 3)"),
        ("board = \"rpi4-uart\"\n[audit]\npath = \"/var/log/x\n", ":3:8: unterminated string"),
    ])
    func badFiles(text: String, error: String) throws {
        let scene = try Scene(text)
        defer { scene.remove() }
        let result = try scene.check()
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("pn532ctl: \(scene.config)\(error)"))
        #expect(result.output.isEmpty)
    }

    @Test("unsafe setups exit 65: the test originality key with a real reader, a user with uid and token")
    func unsafeSetups() throws {
        for (text, error) in [
            ("board = \"rpi4-uart\"\n[security]\noriginality_key = \"test\"\n", ": security.originality_key: \"test\" is the published pn532ctl test key"),
            ("board = \"rpi4-uart\"\n[security]\nkey_file = \"KEY\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\ntoken = true\n", ": users[0].uid: user \"a\" has both uid and token = true: a copy of the UID alone opens"),
        ] {
            let scene = try Scene(text)
            defer { scene.remove() }
            let result = try scene.check()
            #expect(result.status == 65)
            #expect(result.standardError.hasPrefix("pn532ctl: \(scene.config)\(error)"), "\(result.standardError)")
        }
        let simulated = try Scene("[reader]\ndevice = \"sim\"\n[relay]\nline = \"GPIO17\"\n[security]\noriginality_key = \"test\"\n")
        defer { simulated.remove() }
        #expect(try simulated.check().status == 0, "the test key is for the simulator")
    }

    @Test("weak setups pass with a warning each on standard error")
    func weakSetups() throws {
        let scene = try Scene("board = \"rpi4-uart\"\n[security]\nkey_file = \"KEY\"\naccept_v1_tokens = true\n[[users]]\nname = \"a\"\ntoken = true\n")
        defer { scene.remove() }
        let result = try scene.check()
        #expect(result.status == 0)
        let warnings = result.standardError.split(separator: "\n").filter { $0.hasPrefix("\(scene.config): warning: ") }
        #expect(warnings.count == 3, "\(result.standardError)")
        #expect(warnings.contains { $0.contains("accept_v1_tokens") })
        #expect(warnings.contains { $0.contains("rolling_counter is off") })
        #expect(warnings.contains { $0.contains("require_genuine is off") })
    }

    @Test("a key file readable by group or others exits 77 and says to chmod it")
    func keyFilePermissions() throws {
        let scene = try Scene(try Self.example(), keyMode: 0o644)
        defer { scene.remove() }
        let result = try scene.check()
        #expect(result.status == 77)
        #expect(result.standardError == "pn532ctl: \(scene.config): security.key_file: key file \(scene.key) is readable by group or others: chmod 600 it (or chgrp pn532ctl and chmod 640: the door's group may read it)\n")
        #expect(result.output.isEmpty)
    }

    @Test("a missing configuration or key file exits 66")
    func missingFiles() throws {
        let scene = try Scene("board = \"rpi4-uart\"\n[security]\nkey_file = \"/nonexistent/door.key\"\n")
        defer { scene.remove() }
        let missingKey = try scene.check()
        #expect(missingKey.status == 66)
        #expect(missingKey.standardError.contains("security.key_file: cannot open /nonexistent/door.key: no such file"))
        let missingConfig = try pn532ctl(["door", "check-config", scene.directory.appendingPathComponent("none.toml").path])
        #expect(missingConfig.status == 66)
        #expect(missingConfig.standardError.contains("none.toml: no such file"))
    }

    @Test("an unknown board exits 65 listing the known ones")
    func unknownBoard() throws {
        let scene = try Scene("board = \"rpi9-uart\"\n")
        defer { scene.remove() }
        let result = try scene.check()
        #expect(result.status == 65)
        #expect(result.standardError.contains(
            ":1: board: unknown board \"rpi9-uart\"; known boards: rpi3-i2c, rpi3-spi, rpi3-uart, rpi4-i2c, rpi4-spi, rpi4-uart, rpi5-i2c, rpi5-spi, rpi5-uart"))
    }

    @Test("board defaults are applied, and the file's own keys override them")
    func boardDefaults() throws {
        let scene = try Scene("board = \"rpi5-i2c\"\n[reader]\nirq_line = false\n[relay]\nline = \"GPIO26\"\npulse = 5\n")
        defer { scene.remove() }
        let result = try scene.check()
        #expect(result.status == 0)
        #expect(result.output.contains("[reader]\ndevice = \"i2c:/dev/i2c-1\"\nreset_line = \"GPIO27\"\nhealth_check = 5\n"))
        #expect(result.output.contains("chip = \"pinctrl-rp1\"\n"))
        #expect(result.output.contains("[relay]\nline = \"GPIO26\"\nactive_low = false\nmode = \"pulse\"\npulse = 5\n"))
        #expect(result.output.contains("exit_button = { line = \"GPIO22\", active_low = true }\n"))
    }

    @Test("profiles in boards/ beside the file are found without --boards")
    func boardsBesideTheFile() throws {
        let scene = try Scene("board = \"bench\"\n")
        defer { scene.remove() }
        let boards = scene.directory.appendingPathComponent("boards")
        try FileManager.default.createDirectory(at: boards, withIntermediateDirectories: true)
        try "[reader]\ndevice = \"sim\"\n[relay]\nline = \"GPIO5\"\n".write(to: boards.appendingPathComponent("bench.toml"), atomically: true, encoding: .utf8)
        let result = try scene.check([])
        #expect(result.status == 0)
        #expect(result.output.contains("device = \"sim\"\n"))
    }

    @Test("what door run refuses before it starts, check-config refuses the same way, naming the file and line", arguments: [
        ("[reader]\ndevice = \"bogus\"\n[relay]\nline = \"GPIO17\"\n", 65, ":2: reader.device: "),
        ("[reader]\ndevice = \"sim\"\n[relay]\nline = \"GPIO17\"\n[audit]\npath = \"DIR/none/audit.jsonl\"\n", 74,
         ":6: audit.path: the directory DIR/none does not exist"),
        ("[reader]\ndevice = \"sim\"\n[relay]\nline = \"GPIO17\"\n[security]\nkey_file = \"KEY\"\nrolling_counter = true\ncounter_file = \"DIR/none/counters\"\n", 74,
         ":8: security.counter_file: the directory DIR/none does not exist"),
        ("[reader]\ndevice = \"sim\"\n[relay]\nline = \"GPIO17\"\n[security]\nkey_file = \"KEY\"\nrolling_counter = true\ncounter_file = \"DIR\"\n", 74,
         ":8: security.counter_file: counter file DIR: it is not a regular file"),
    ])
    func refusedLikeDoorRun(text: String, status: Int32, error: String) throws {
        let scene = try Scene(text)
        defer { scene.remove() }
        let expected = "pn532ctl: \(scene.config)\(error.replacingOccurrences(of: "DIR", with: scene.directory.path))"
        let check = try scene.check()
        #expect(check.status == status)
        #expect(check.standardError.hasPrefix(expected), "\(check.standardError)")
        #expect(check.output.isEmpty)
        let run = try pn532ctl(["door", "run", "--config", scene.config])
        #expect(run.status == status)
        #expect(run.standardError.contains(expected.dropFirst("pn532ctl: ".count)), "\(run.standardError)")
    }

    @Test("a line the GPIO chip does not have is refused by check-config and door run alike")
    func lineTheChipLacks() throws {
        let scene = try Scene("[reader]\ndevice = \"sim\"\n[gpio]\nbackend = \"sysfs\"\nsysfs_root = \"DIR/gpio\"\n[relay]\nline = \"GPIO17\"\n[feedback]\nled = \"GPIO99\"\n")
        defer { scene.remove() }
        try DoorScene.makeSysfs(at: scene.directory.appendingPathComponent("gpio"))
        let expected = "\(scene.config):9: feedback.led: GPIO99 is not a line of "
        let check = try scene.check()
        #expect(check.status == 65)
        #expect(check.standardError.hasPrefix("pn532ctl: \(expected)"), "\(check.standardError)")
        let run = try pn532ctl(["door", "run", "--config", scene.config])
        #expect(run.status == 65)
        #expect(run.standardError.contains(expected), "\(run.standardError)")
    }

    @Test("a missing counter file is a note: door run creates it at the first start, and refuses when the audit log shows it ran before")
    func missingCounterFileIsANote() throws {
        let scene = try Scene("[reader]\ndevice = \"sim\"\n[relay]\nline = \"GPIO17\"\n[security]\nkey_file = \"KEY\"\nrolling_counter = true\ncounter_file = \"DIR/counters\"\n")
        defer { scene.remove() }
        let result = try scene.check()
        #expect(result.status == 0, "\(result.standardError)")
        let audit = scene.directory.appendingPathComponent("audit.jsonl").path
        #expect(result.standardError.contains("note: security.counter_file: \(scene.directory.path)/counters does not exist yet: door run creates it at its first start (there is no audit log \(audit) yet either)"))
        #expect(!FileManager.default.fileExists(atPath: scene.directory.appendingPathComponent("counters").path), "check-config creates nothing")

        FileManager.default.createFile(atPath: audit, contents: Data())
        let lost = try scene.check()
        #expect(lost.status == 0, "\(lost.standardError)")
        #expect(lost.standardError.contains("note: security.counter_file: counter file \(scene.directory.path)/counters: does not exist, but the audit log \(audit) does"), "\(lost.standardError)")
        #expect(lost.standardError.contains("--new-counters"))
        #expect(lost.standardError.contains(": door run refuses to start\n"))
    }

    /// A keyed family's section and a user of it: check-config renders the section (a DESFire
    /// AID in wire order), and the all-zero factory key is refused, naming the key.
    @Test("[credentials.*]: a random master key passes and is rendered; the all-zero factory key is refused, naming the key", arguments: [
        ("ntag424", "key_number = 2\n", "name = \"alice\"\nntag424 = [\"04:77:28:82:4D:65:80\"]\n", "ntag424 = [\"04:77:28:82:4D:65:80\"]"),
        ("desfire", "application = \"F54201\"\nkey_number = 1\n", "name = \"bob\"\ndesfire = [\"04:2A:41:CA:E4:53:80\"]\n", "desfire = [\"04:2A:41:CA:E4:53:80\"]"),
    ])
    func keyedFamilyMasterKey(family: String, settings: String, user: String, rendered: String) throws {
        let text = "[reader]\ndevice = \"sim\"\n[relay]\nline = \"GPIO17\"\n[credentials.\(family)]\n\(settings)master_key_file = \"DIR/master.key\"\n"
            + "[[users]]\n\(user)"
        let scene = try Scene(text)
        defer { scene.remove() }
        let master = scene.directory.appendingPathComponent("master.key").path
        FileManager.default.createFile(atPath: master, contents: Data((0..<16).map { UInt8(0x80 + $0) }), attributes: [.posixPermissions: 0o600])
        let good = try scene.check()
        #expect(good.status == 0, "\(good.standardError)")
        #expect(good.output.contains("[credentials.\(family)]\n\(settings)master_key_file = \"\(master)\"\nrequire_genuine = true\n"))
        #expect(good.output.contains(rendered))
        #expect(!good.standardError.contains("warning"), "\(good.standardError)")

        FileManager.default.createFile(atPath: master, contents: Data(repeating: 0, count: 16), attributes: [.posixPermissions: 0o600])
        let zero = try scene.check()
        #expect(zero.status == 65)
        #expect(zero.standardError.contains("credentials.\(family).master_key_file \(master) holds the all-zero factory key"), "\(zero.standardError)")
    }

    @Test("a reader device the shipped unit does not allow gets a note with the DeviceAllow line it needs")
    func aDeviceTheUnitDoesNotAllowIsNoted() throws {
        let scene = try Scene("[reader]\ndevice = \"uart:DIR/ttyUSB0\"\n[relay]\nline = \"GPIO17\"\n[security]\nkey_file = \"KEY\"\n")
        defer { scene.remove() }
        FileManager.default.createFile(atPath: scene.directory.appendingPathComponent("ttyUSB7").path, contents: Data())
        let device = scene.directory.appendingPathComponent("ttyUSB0").path
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "ttyUSB7")
        let target = URL(fileURLWithPath: device).resolvingSymlinksInPath().path
        #expect(target.hasSuffix("/ttyUSB7"))
        let result = try scene.check()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains(
            "note: reader.device: uart:\(device):115200 is not a device the shipped pn532ctl-door.service allows (DevicePolicy=closed): under it the door needs `DeviceAllow=\(device) rw` and `DeviceAllow=\(target) rw` in a drop-in"),
            "\(result.standardError)")

        let allowed = try Scene("[reader]\ndevice = \"i2c:/dev/i2c-1\"\n[relay]\nline = \"GPIO17\"\n[security]\nkey_file = \"KEY\"\n")
        defer { allowed.remove() }
        let quiet = try allowed.check()
        #expect(quiet.status == 0, "\(quiet.standardError)")
        #expect(!quiet.standardError.contains("DeviceAllow"), "\(quiet.standardError)")
    }

    /// The note's list is the shipped unit's: a DeviceAllow= line added to one and not the
    /// other fails here.
    @Test func theNotesListOfAllowedDevicesIsTheUnits() throws {
        let unit = try String(contentsOf: Self.root.appendingPathComponent("scripts/pn532ctl-door.service"), encoding: .utf8)
        let devices = unit.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("DeviceAllow=/dev/") else { return nil }
            return String(line.dropFirst("DeviceAllow=".count).split(separator: " ").first ?? "")
        }
        for device in devices {
            let scene = try Scene("[reader]\ndevice = \"uart:\(device)\"\n[relay]\nline = \"GPIO17\"\n[security]\nkey_file = \"KEY\"\n")
            defer { scene.remove() }
            let result = try scene.check()
            #expect(!result.standardError.contains("DeviceAllow=\(device) "), "\(device): \(result.standardError)")
        }
        #expect(devices == ["/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0", "/dev/i2c-1", "/dev/spidev0.0"])
    }

    /// `--config FILE`, as door run and door release take it, is the same file as FILE;
    /// both at once is usage.
    @Test func theFileCanBeGivenWithConfigAsTheOtherDoorCommandsTakeIt() throws {
        let scene = try Scene(try Self.example())
        defer { scene.remove() }
        let positional = try scene.check()
        let option = try pn532ctl(["door", "check-config", "--config", scene.config, "--boards", Self.boards])
        #expect(option.status == 0, "\(option.standardError)")
        #expect(option.output == positional.output)
        #expect(option.standardError == positional.standardError)
        let both = try pn532ctl(["door", "check-config", scene.config, "--config", scene.config])
        #expect(both.status == 64)
        #expect(both.standardError.contains("give the configuration as FILE or --config FILE, not both"))
    }
}
