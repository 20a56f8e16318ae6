import DoorControl
import NFCCore
import TOML
import TestSupport
import Testing

@Suite("Door configuration: loading and validation")
struct DoorConfigLoaderTests {
    static let full = """
        [reader]
        device = "i2c:/dev/i2c-1"
        irq_line = "gpio4"
        reset_line = "GPIO27"
        health_check = 2.5

        [gpio]
        backend = "sysfs"
        chip = "pinctrl-bcm2711"
        sysfs_root = "/tmp/sys/class/gpio"

        [relay]
        line = "GPIO17"
        active_low = true
        pulse = 0.3

        [inputs]
        exit_button = { line = "GPIO22", active_low = true }
        door_contact = "GPIO23"
        doorbell = { line = "GPIO24" }
        relock_on_close = false
        held_open_alarm = 45
        debounce_ms = 50

        [feedback]
        led = { line = "GPIO5" }
        buzzer = { line = "GPIO6", active_low = true }
        led_granted = [2000]
        buzzer_denied = [100, 50, 100]

        [security]
        key_file = "/etc/pn532ctl/door.key"
        rolling_counter = true
        counter_file = "/var/lib/door/counters"
        require_genuine = true
        originality_key = "nxp"
        lockout = { denials = 3, window = 10, global_denials = 12 }
        key_id = 2
        site = "hq"
        door = "front"
        groups = ["front", "staff"]
        accept_v1_tokens = true
        revoked_uids = ["04:11:22:33:44:55:66"]
        require_synchronised_clock = false

        [audit]
        path = "/var/log/door.jsonl"
        max_bytes = 65536
        keep = 2

        [[users]]
        name = "alice"
        uid = ["04:a2:2b:1a:5c:6e:80", "00112233445566"]
        text_prefix = "staff:"
        valid_from = 2026-01-01
        valid_until = 2026-12-31
        schedule = ["Mon-Fri 08:00-18:00", "sat,SUN 09:00-24:00"]

        [[users]]
        name = "bob"
        token = true
        mime = [{ type = "application/vnd.door", payload = "key-7" }, { type = "application/octet-stream", payload_hex = "00 ff 10" }]
        uri = "https://example.com/badge/bob"
        text = ["bob"]
        uri_prefix = "https://example.com/visitors/"

        [hooks]
        socket = "/run/pn532ctl-hooks/events"
        """

    @Test("every section and key is read into the model")
    func fullDocument() throws {
        let config = try DoorConfig.parse(text: Self.full, fileName: "door.toml")
        let expected = DoorConfig(
            reader: ReaderConfig(device: "i2c:/dev/i2c-1", irqLine: "GPIO4", resetLine: "GPIO27", healthCheckInterval: .milliseconds(2500)),
            gpio: GPIOConfig(backend: .sysfs, chip: "pinctrl-bcm2711", sysfsRoot: "/tmp/sys/class/gpio"),
            relay: RelayConfig(output: LineConfig(line: "GPIO17", activeLow: true), mode: .pulse(.milliseconds(300))),
            inputs: InputsConfig(
                exitButton: LineConfig(line: "GPIO22", activeLow: true), doorContact: LineConfig(line: "GPIO23"),
                relockOnClose: false, heldOpenAlarm: .seconds(45), doorbell: LineConfig(line: "GPIO24"), debounce: .milliseconds(50)),
            feedback: FeedbackConfig(
                led: LineConfig(line: "GPIO5"), buzzer: LineConfig(line: "GPIO6", activeLow: true),
                ledGranted: FeedbackPattern([.seconds(2)]),
                buzzerDenied: FeedbackPattern([.milliseconds(100), .milliseconds(50), .milliseconds(100)])),
            security: SecurityConfig(
                keyFile: "/etc/pn532ctl/door.key", rollingCounter: true, counterFile: "/var/lib/door/counters",
                requireGenuine: true, originalityKey: .nxp,
                lockout: LockoutPolicy(denials: 3, window: .seconds(10), duration: .seconds(30), globalDenials: 12),
                keyID: 2, site: "hq", door: "front", groups: ["front", "staff"], acceptV1Tokens: true,
                revokedUIDs: [[0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]], requireSynchronisedClock: false),
            audit: AuditConfig(path: "/var/log/door.jsonl", maxBytes: 65536, keep: 2),
            users: [
                User(
                    name: "alice",
                    credentials: [.uid([0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x6E, 0x80]), .uid([0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]), .textPrefix("staff:")],
                    validFrom: CivilDate(year: 2026, month: 1, day: 1), validUntil: CivilDate(year: 2026, month: 12, day: 31),
                    schedule: WeeklySchedule(windows: [
                        .init(days: [.monday, .tuesday, .wednesday, .thursday, .friday], start: 480, end: 1080),
                        .init(days: [.saturday, .sunday], start: 540, end: 1440),
                    ])),
                User(name: "bob", credentials: [
                    .signedToken, .mime(type: "application/vnd.door", payload: Array("key-7".utf8)),
                    .mime(type: "application/octet-stream", payload: [0x00, 0xFF, 0x10]),
                    .uriEquals("https://example.com/badge/bob"), .textEquals("bob"), .uriPrefix("https://example.com/visitors/"),
                ]),
            ],
            hooks: HooksConfig(socket: "/run/pn532ctl-hooks/events"))
        #expect(config == expected)
    }

    @Test("a minimal file takes the model's defaults")
    func defaults() throws {
        let config = try DoorConfig.parse(text: "[reader]\ndevice = \"/dev/serial0\"\n[relay]\nline = \"GPIO17\"\n", fileName: "door.toml")
        #expect(config == DoorConfig(reader: ReaderConfig(device: "/dev/serial0"), relay: RelayConfig(output: LineConfig(line: "GPIO17"))))
        #expect(config.relay.mode == .pulse(.seconds(3)))
        #expect(config.security.lockout == LockoutPolicy(denials: 5, window: .seconds(30), duration: .seconds(30)))
        #expect(config.reader.pollsOtherFamilies)
    }

    @Test("optional features can be turned off with false")
    func offSwitches() throws {
        let config = try DoorConfig.parse(text: """
            [reader]
            device = "/dev/serial0"
            reset_line = false
            other_families = false
            [relay]
            line = "GPIO17"
            mode = "toggle"
            [inputs]
            door_contact = false
            held_open_alarm = false
            [security]
            lockout = false
            """, fileName: "door.toml")
        #expect(config.reader.resetLine == nil)
        #expect(!config.reader.pollsOtherFamilies)
        #expect(config.relay.mode == .toggle)
        #expect(config.inputs.doorContact == nil && config.inputs.heldOpenAlarm == nil)
        #expect(config.security.lockout == nil)
    }

    /// A bad document and the start of the error it must give: `door.toml:LINE: KEY: …`.
    struct Invalid: CustomTestStringConvertible, Sendable {
        var body: String
        var error: String
        var testDescription: String { error }
    }

    /// Prepended to each invalid body (two lines), so line numbers in `error` count from 3.
    static let preamble = "[reader]\ndevice = \"/dev/serial0\"\n"

    static let invalid: [Invalid] = [
        Invalid(body: "[relay]\nline = \"GPIO17\"\npulse = 0", error: "door.toml:5: relay.pulse: must be between 0.1 and 600 seconds, not 0"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\npulse = 601.5", error: "door.toml:5: relay.pulse: must be between 0.1 and 600 seconds, not 601.5"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\npuls = 3", error: "door.toml:5: relay.puls: unknown key; did you mean pulse?"),
        Invalid(body: "[relai]\nline = \"GPIO17\"", error: "door.toml:3: relai: unknown key; did you mean relay?"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\nmode = \"toggle\"\npulse = 2", error: "door.toml:6: relay.pulse: only with mode = \"pulse\""),
        Invalid(body: "[relay]\nline = \"GPIO17\"\nmode = \"latch\"", error: "door.toml:5: relay.mode: must be \"pulse\" or \"toggle\", not \"latch\""),
        Invalid(body: "[relay]\nactive_low = true", error: "door.toml:3: relay.line: missing"),
        Invalid(body: "[relay]\nline = \"17\"", error: "door.toml:4: relay.line: must name a line as the board does, such as \"GPIO17\", not \"17\""),
        Invalid(body: "[relay]\nline = 17", error: "door.toml:4: relay.line: must be a line name such as \"GPIO17\" (or false), not 17"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[inputs]\nexit_button = { line = \"GPIO17\", active_low = true }", error: "door.toml:6: inputs.exit_button: GPIO17 is already used by relay.line"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[inputs]\ndoor_contact = { line = \"GPIO23\", activelow = true }", error: "door.toml:6: inputs.door_contact.activelow: unknown key; did you mean active_low?"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[inputs]\nheld_open_alarm = 30", error: "door.toml:6: inputs.held_open_alarm: needs inputs.door_contact"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[inputs]\ndebounce_ms = 5000", error: "door.toml:6: inputs.debounce_ms: must be between 0 and 1000 ms, not 5000"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[feedback]\nled_granted = [500]", error: "door.toml:6: feedback.led_granted: has no effect without feedback.led"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[feedback]\nled = \"GPIO5\"\nled_denied = [100, 0]", error: "door.toml:7: feedback.led_denied[1]: must be a number of milliseconds between 1 and 60000, not 0"),
        Invalid(body: "helth_check = 9\n[relay]\nline = \"GPIO17\"", error: "door.toml:3: reader.helth_check: unknown key; did you mean health_check?"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[reader]\nbaud = 1", error: "door.toml:5:2: table [reader] is already defined on line 1"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\nkey_file = \"door.key\"", error: "door.toml:6: security.key_file: must be an absolute path, not \"door.key\""),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\nrolling_counter = true", error: "door.toml:6: security.rolling_counter: needs security.key_file"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\nrequire_genuine = \"yes\"", error: "door.toml:6: security.require_genuine: must be true or false, not \"yes\""),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\noriginality_key = \"nxq\"", error: "door.toml:6: security.originality_key: must be \"nxp\" or \"test\", not \"nxq\""),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\nlockout = { denials = 0 }", error: "door.toml:6: security.lockout.denials: must be between 1 and 100, not 0"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\nlockout = 5", error: "door.toml:6: security.lockout: must be { denials = 5, window = 30, duration = 30, global_denials = 20 } or false, not 5"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\nlockout = { denials = 5, global_denials = 4 }", error: "door.toml:6: security.lockout.global_denials: 4 is below denials = 5: one tag would lock everyone out"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\noriginality_key = \"test\"", error: "door.toml: security.originality_key: \"test\" is the published pn532ctl test key (its private key is in the documentation: anyone can sign a fake tag with it); use \"nxp\" with a real reader"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\nsite = \"\(String(repeating: "s", count: 33))\"", error: "door.toml:6: security.site: must be at most 32 bytes (tokens carry it)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[security]\nrevoked_uids = [\"0411\"]", error: "door.toml:6: security.revoked_uids: \"0411\" is 2 bytes; a UID has 4, 7 or 10 (type A), 4 (type B, Jewel) or 8 (a FeliCa IDm)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[audit]\nkeep = -1", error: "door.toml:6: audit.keep: must be between 0 and 100, not -1"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nuid = \"04112233\"", error: "door.toml:5: users[0].name: missing"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"", error: "door.toml:5: users[0]: user \"a\" has no credential"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\n[[users]]\nname = \"a\"\nuid = \"04112234\"", error: "door.toml:9: users[1].name: \"a\" is already the name of users[0]"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"al\\u202Eecila\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain the format character U+202E (it makes logs and terminals show another name)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"al\\u2066ice\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain the format character U+2066 (it makes logs and terminals show another name)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"ali\\u200Bce\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain the format character U+200B (it makes logs and terminals show another name)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"ali\\u200Dce\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain the format character U+200D (it makes logs and terminals show another name)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"\\uFEFFalice\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain the format character U+FEFF (it makes logs and terminals show another name)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"alice\\u2028bob\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain the line separator U+2028 (it makes logs and terminals show another name)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"alice\\u2029bob\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain the paragraph separator U+2029 (it makes logs and terminals show another name)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"al\u{202E}ecila\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain the format character U+202E (it makes logs and terminals show another name)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"alice\\u0085bob\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain control characters"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"alice\\u001Bbob\"\nuid = \"04112233\"", error: "door.toml:6: users[0].name: must not contain control characters"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\n[[users]]\nname = \"b\"\nuid = [\"00000000\", \"04:11:22:33\"]", error: "door.toml:10: users[1].uid[1]: 04:11:22:33 already belongs to users[0] (line 7)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"0411223344\"", error: "door.toml:7: users[0].uid[0]: \"0411223344\" is 5 bytes; a UID has 4, 7 or 10 (type A), 4 (type B, Jewel) or 8 (a FeliCa IDm)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"04:1122:33\"", error: "door.toml:7: users[0].uid[0]: \"04:1122:33\" must have two hex digits between colons (write it as hex, colons between bytes optional: 04A1B2C3D4E5F6 or 04:A1:B2:C3:D4:E5:F6)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"0411223G\"", error: "door.toml:7: users[0].uid[0]: \"0411223G\" has 'G' where only hex digits and colons belong (write it as hex, colons between bytes optional: 04A1B2C3D4E5F6 or 04:A1:B2:C3:D4:E5:F6)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = [\"04 A1 B2 C3\"]", error: "door.toml:7: users[0].uid[0]: \"04 A1 B2 C3\" has a space where only hex digits and colons belong (write it as hex, colons between bytes optional: 04A1B2C3D4E5F6 or 04:A1:B2:C3:D4:E5:F6)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\ntoken = true", error: "door.toml:7: users[0].token: needs security.key_file"),
        Invalid(
            body: "[relay]\nline = \"GPIO17\"\n[security]\nkey_file = \"/k\"\n[[users]]\nname = \"a\"\ntoken = true\nuid = [\"04112233\"]",
            error: "door.toml: users[0].uid: user \"a\" has both uid and token = true: a copy of the UID alone opens, so the token adds nothing; remove uid (or, if a UID-only card is really meant, give it its own user entry)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\nvalid_from = \"2026-01-01\"", error: "door.toml:8: users[0].valid_from: must be a date written without quotes, such as 2026-01-31, not \"2026-01-01\""),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\nvalid_from = 2026-05-01\nvalid_until = 2026-04-30", error: "door.toml:9: users[0].valid_until: 2026-04-30 is before valid_from 2026-05-01"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\nschedule = [\n  \"Mon-Fri 08:00-18:00\",\n  \"Sat 13:00-09:00\",\n]", error: "door.toml:10: users[0].schedule[1]: \"Sat 13:00-09:00\": the end 09:00 must be after the start 13:00"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\nschedule = []", error: "door.toml:8: users[0].schedule: has no window"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nuid = \"04112233\"\nuids = \"04112234\"", error: "door.toml:8: users[0].uids: unknown key; did you mean uid?"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nmime = { type = \"text\", payload = \"x\" }", error: "door.toml:7: users[0].mime[0].type: \"text\" is not a MIME type (type/subtype)"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nmime = { type = \"a/b\", payload = \"x\", payload_hex = \"00\" }", error: "door.toml:7: users[0].mime[0].payload_hex: give payload or payload_hex, not both"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nmime = { type = \"a/b\", payload_hex = \"ＦＦ０１\" }", error: "door.toml:7: users[0].mime[0].payload_hex: must be hex digits in pairs, spaces and colons between bytes allowed: character 1 'Ｆ' is not a hex digit"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\nmime = { type = \"a/b\", payload_hex = \"0A:1\" }", error: "door.toml:7: users[0].mime[0].payload_hex: must be hex digits in pairs, spaces and colons between bytes allowed: an odd number of hex digits"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[users]]\nname = \"a\"\ntext_prefix = \"\"", error: "door.toml:7: users[0].text_prefix[0]: must not be empty"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[[dispatch]]\nuri_prefix = \"https://x/\"\ncommand = [\"/bin/true\"]", error: "door.toml:5: dispatch: the door runs no programs"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\n[hooks]\nsocket = \"events\"", error: "door.toml:6: hooks.socket: must be an absolute path"),
        Invalid(body: "[relay]\nline = \"GPIO17\"\nx = \"unterminated", error: "door.toml:5:5: unterminated string"),
        Invalid(body: "[gpio]\nsim_directory = \"/tmp/gpio\"\n[relay]\nline = \"GPIO17\"", error: "door.toml:4: gpio.sim_directory: only with backend = \"sim\""),
        Invalid(body: "[gpio]\nbackend = \"sim\"\nsim_directory = \"gpio\"\n[relay]\nline = \"GPIO17\"", error: "door.toml:5: gpio.sim_directory: must be an absolute path"),
        Invalid(body: "[gpio]\nbackend = \"simulated\"\n[relay]\nline = \"GPIO17\"", error: "door.toml:4: gpio.backend: must be \"cdev\" or \"sysfs\" or \"sim\", not \"simulated\""),
    ]

    @Test("each mistake names the file, the line and the key", arguments: invalid)
    func invalidDocument(_ example: Invalid) {
        #expect {
            try DoorConfig.parse(text: Self.preamble + example.body, fileName: "door.toml")
        } throws: { error in
            (error as? ConfigError).map { $0.kind == .invalid && $0.description.hasPrefix(example.error) } ?? false
        }
    }

    @Test("the reader's checks: PN532 rates, I2C-only IRQ, a missing device")
    func readerChecks() {
        let relay = "\n[relay]\nline = \"GPIO17\"\n"
        let cases: [(String, String)] = [
            ("[reader]\ndevice = \"/dev/serial0\"\nbaud = 100000", "door.toml:3: reader.baud: 100000 is not a PN532 rate"),
            ("[reader]\ndevice = \"i2c:/dev/i2c-1\"\nbaud = 115200", "door.toml:3: reader.baud: only for a reader on a UART"),
            ("[reader]\ndevice = \"spi:/dev/spidev0.0\"\nbaud = 115200", "door.toml:3: reader.baud: only for a reader on a UART; spi:/dev/spidev0.0 is on SPI (its clock rate goes in the device"),
            ("[reader]\ndevice = \"uart:/dev/serial0:921600\"\nbaud = 115200", "door.toml:3: reader.baud: the device uart:/dev/serial0:921600 already gives a rate"),
            ("[reader]\ndevice = \"/dev/serial0\"\nirq_line = \"GPIO4\"", "door.toml:3: reader.irq_line: only for a reader on I2C"),
            ("[reader]\ndevice = \"i2c:/dev/i2c-1\"\nirq_line = \"GPIO4\"\nreset_line = \"GPIO4\"", "door.toml:4: reader.reset_line: GPIO4 is already used by reader.irq_line"),
            ("[reader]\nbaud = 115200", "door.toml:1: reader.device: missing"),
            ("[reader]\ndevice = \"\"", "door.toml:2: reader.device: must not be empty"),
            ("reader = \"/dev/serial0\"", "door.toml:1: reader: must be a table, not \"/dev/serial0\""),
        ]
        for (text, expected) in cases {
            #expect {
                try DoorConfig.parse(text: text + relay, fileName: "door.toml")
            } throws: { error in
                (error as? ConfigError)?.description.hasPrefix(expected) ?? false
            }
        }
    }

    @Test("a reader on SPI takes an IRQ line, as one on I2C does")
    func spiReaderTakesAnIRQLine() throws {
        let config = try DoorConfig.parse(text: "[reader]\ndevice = \"spi:/dev/spidev0.0:500000\"\nirq_line = \"GPIO4\"\n[relay]\nline = \"GPIO17\"\n", fileName: "door.toml")
        #expect(config.reader.device == "spi:/dev/spidev0.0:500000")
        #expect(config.reader.irqLine == "GPIO4")
    }

    @Test("a missing file and a file that is not UTF-8 are told apart")
    func files() throws {
        #expect(throws: ConfigError(.missingFile, message: "cannot open /nonexistent/door.toml: no such file")) {
            try DoorConfig.load(path: "/nonexistent/door.toml")
        }
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.toml", Array("[reader]\n# caf\u{E9}\ndevice = \"\u{FF}\"\n".utf8.map { $0 == 0xC3 ? 0xFF : $0 }))
        #expect(throws: ConfigError(file: path, line: 2, message: "the file is not UTF-8 text")) {
            try DoorConfig.load(path: path)
        }
    }
}
