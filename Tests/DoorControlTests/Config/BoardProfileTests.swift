import DoorControl
import TOML
import TestSupport
import Testing

@Suite("Door configuration: board profiles")
struct BoardProfileTests {
    static let profile = """
        [reader]
        device = "/dev/serial0"
        baud = 115200
        reset_line = "GPIO27"
        [gpio]
        chip = "pinctrl-bcm2711"
        [relay]
        line = "GPIO17"
        [inputs]
        exit_button = { line = "GPIO22", active_low = true }
        door_contact = { line = "GPIO23" }
        """

    @Test("the profile's values are defaults; the file's own keys win one by one")
    func defaultsAndOverrides() throws {
        let directory = try TemporaryDirectory()
        try directory.write("boards/test-uart.toml", Self.profile)
        let config = try DoorConfig.parse(text: """
            board = "test-uart"
            [reader]
            baud = 921600
            [relay]
            pulse = 5
            [inputs]
            exit_button = "GPIO5"
            door_contact = false
            """, fileName: "\(directory.path)/door.toml")
        #expect(config.board == "test-uart")
        #expect(config.reader == ReaderConfig(device: "/dev/serial0", baud: 921_600, resetLine: "GPIO27"))
        #expect(config.gpio.chip == "pinctrl-bcm2711")
        #expect(config.relay == RelayConfig(output: LineConfig(line: "GPIO17"), mode: .pulse(.seconds(5))))
        #expect(config.inputs.exitButton == LineConfig(line: "GPIO5"))
        #expect(config.inputs.doorContact == nil)
    }

    @Test("a loaded configuration knows where its keys stand: the file's line, or board = … for the profile's keys")
    func keyLines() throws {
        let directory = try TemporaryDirectory()
        try directory.write("boards/pi.toml", "[relay]\nline = \"GPIO17\"\n[reader]\ndevice = \"/dev/beside\"\n")
        let file = "\(directory.path)/door.toml"
        let config = try DoorConfig.parse(text: "\nboard = \"pi\"\n[audit]\npath = \"/tmp/audit.jsonl\"\n", fileName: file)
        #expect(config.keyLines.place("audit.path") == "\(file):4: audit.path")
        #expect(config.keyLines.place("reader.device") == "\(file):2: reader.device")
        let plain = try DoorConfig.parse(text: "[reader]\ndevice = \"/dev/x\"\n[relay]\nline = \"GPIO17\"\n", fileName: file)
        #expect(plain.keyLines.place("relay.line") == "\(file):4: relay.line")
        #expect(plain.keyLines.place("gpio.chip") == "\(file): gpio.chip")
        let made = DoorConfig(reader: ReaderConfig(device: "/dev/x"), relay: RelayConfig(output: LineConfig(line: "GPIO17")))
        #expect(made.keyLines.place("relay.line") == "relay.line")
        #expect(made == plain, "where keys stand is not compared")
    }

    @Test("an explicit directory is searched before boards/ beside the file")
    func searchOrder() throws {
        let directory = try TemporaryDirectory()
        try directory.write("boards/pi.toml", "[relay]\nline = \"GPIO17\"\n[reader]\ndevice = \"/dev/beside\"\n")
        try directory.write("explicit/pi.toml", "[relay]\nline = \"GPIO17\"\n[reader]\ndevice = \"/dev/explicit\"\n")
        let file = "\(directory.path)/door.toml"
        #expect(try DoorConfig.parse(text: "board = \"pi\"", fileName: file).reader.device == "/dev/beside")
        #expect(try DoorConfig.parse(text: "board = \"pi\"", fileName: file, boardsDirectory: "\(directory.path)/explicit").reader.device == "/dev/explicit")
        #expect(try DoorConfig.parse(text: "board = \"pi\"", fileName: file, boardsDirectory: "\(directory.path)/none").reader.device == "/dev/beside")
    }

    @Test("an unknown board is refused, listing the known ones")
    func unknownBoard() throws {
        let directory = try TemporaryDirectory()
        try directory.write("boards/alpha.toml", "")
        try directory.write("extra/beta.toml", "")
        for name in ["gamma", "../boards/alpha"] {
            #expect {
                try DoorConfig.parse(text: "\n board = \"\(name)\"", fileName: "\(directory.path)/door.toml", boardsDirectory: "\(directory.path)/extra")
            } throws: { error in
                guard let error = error as? ConfigError else { return false }
                return error.line == 2 && error.key == "board"
                    && error.message.hasPrefix("unknown board \"\(name)\"; known boards: alpha, beta (looked in \(directory.path)/extra, \(directory.path)/boards")
            }
        }
    }

    @Test("mistakes in a profile name the profile's file and line")
    func profileErrors() throws {
        let directory = try TemporaryDirectory()
        let file = "\(directory.path)/door.toml"
        let profile = try directory.write("boards/bad.toml", "[reader]\ndevice = \"/dev/serial0\"\n\n[relay]\nline = \"GPIO17\"\npulse = 0\n")
        #expect(throws: ConfigError(file: profile, line: 6, key: "relay.pulse", message: "must be between 0.1 and 600 seconds, not 0")) {
            try DoorConfig.parse(text: "board = \"bad\"", fileName: file)
        }
        try directory.write("boards/users.toml", "[reader]\ndevice = \"/dev/serial0\"\n[[users]]\nname = \"x\"\n")
        #expect(throws: ConfigError(file: "\(directory.path)/boards/users.toml", line: 3, key: "users", message: "a board profile may only give [reader], [gpio], [relay], [inputs]")) {
            try DoorConfig.parse(text: "board = \"users\"", fileName: file)
        }
        try directory.write("boards/broken.toml", "[reader\n")
        #expect(throws: ConfigError(file: "\(directory.path)/boards/broken.toml", line: 1, column: 8, message: "expected ']' to close the table header, found the end of the line")) {
            try DoorConfig.parse(text: "board = \"broken\"", fileName: file)
        }
        // A key the file overrides is the file's: its errors name the file.
        #expect(throws: ConfigError(file: file, line: 3, key: "relay.pulse", message: "must be between 0.1 and 600 seconds, not 700")) {
            try DoorConfig.parse(text: "board = \"bad\"\n[relay]\npulse = 700", fileName: file)
        }
    }

    @Test("an I2C profile's IRQ line under a UART device says how to drop it")
    func irqFromProfile() throws {
        #expect {
            try DoorConfig.parse(text: "board = \"rpi4-i2c\"\n[reader]\ndevice = \"/dev/serial0\"", fileName: "door.toml", boardsDirectory: "\(repositoryRoot)/boards")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "\(repositoryRoot)/boards/rpi4-i2c.toml" && error.key == "reader.irq_line"
                && error.message.contains("set irq_line = false")
        }
    }

    @Test("the shipped profiles: Pi 3, 4 and 5 on UART, I2C and SPI", arguments: ["rpi3", "rpi4", "rpi5"], ["uart", "i2c", "spi"])
    func shippedProfiles(board: String, link: String) throws {
        let config = try DoorConfig.parse(text: "board = \"\(board)-\(link)\"", fileName: "door.toml", boardsDirectory: "\(repositoryRoot)/boards")
        let uart = board == "rpi5" ? "/dev/ttyAMA0" : "/dev/serial0"
        #expect(config.reader.device == ["uart": uart, "i2c": "i2c:/dev/i2c-1", "spi": "spi:/dev/spidev0.0"][link])
        #expect(config.reader.irqLine == (link == "uart" ? nil : "GPIO4"))
        #expect(config.reader.resetLine == "GPIO27")
        #expect(config.relay == RelayConfig(output: LineConfig(line: "GPIO17", activeLow: false)))
        #expect(config.inputs.exitButton == LineConfig(line: "GPIO22", activeLow: true))
        #expect(config.inputs.doorContact == LineConfig(line: "GPIO23", activeLow: false))
        #expect(config.gpio.chip == ["rpi3": "pinctrl-bcm2835", "rpi4": "pinctrl-bcm2711", "rpi5": "pinctrl-rp1"][board])
    }
}
