import DoorControl
import TOML
import Testing

@Suite("Door configuration: the lines door release drives, read leniently")
struct ReleaseLinesTests {
    @Test func readsTheOutputsOfAFileWhoseOtherSectionsAreInvalid() throws {
        let text = """
            [reader]
            baud = "fast"
            [gpio]
            backend = "sysfs"
            sysfs_root = "/tmp/gpio"
            [relay]
            line = "gpio17"
            active_low = true
            mode = "latch"
            [feedback]
            led = { line = "GPIO5", active_low = true }
            buzzer = 12
            [[users]]
            name = 3
            """
        let lines = try ReleaseLines.parse(text: text, fileName: "door.toml")
        #expect(lines == ReleaseLines(
            gpio: GPIOConfig(backend: .sysfs, sysfsRoot: "/tmp/gpio"), relay: LineConfig(line: "GPIO17", activeLow: true),
            led: LineConfig(line: "GPIO5", activeLow: true), buzzer: nil))
        #expect(throws: ConfigError.self) { try DoorConfig.parse(text: text, fileName: "door.toml") }
    }

    @Test func aMissingRelayLineIsAnError() {
        #expect(throws: ConfigError.self) { try ReleaseLines.parse(text: "[gpio]\nbackend = \"sysfs\"\n", fileName: "door.toml") }
        #expect(throws: ConfigError.self) { try ReleaseLines.parse(text: "[relay]\npulse = 3\n", fileName: "door.toml") }
        #expect(throws: ConfigError.self) { try ReleaseLines.parse(text: "[relay\n", fileName: "door.toml") }
    }

    @Test func theKeptCopyReadsBackAsItWasWritten() throws {
        let lines = ReleaseLines(
            gpio: GPIOConfig(backend: .characterDevice, chip: "pinctrl-\"rp1\"", sysfsRoot: "/sys/class/gpio"),
            relay: LineConfig(line: "GPIO17"), led: nil, buzzer: LineConfig(line: "GPIO6", activeLow: true))
        #expect(try ReleaseLines.parse(text: lines.rendered, fileName: "door-lines.toml") == lines)
    }

    @Test func theKeptCopyOfASimulatedDoorKeepsItsDirectory() throws {
        let lines = ReleaseLines(gpio: GPIOConfig(backend: .simulated, simDirectory: "/tmp/demo/gpio"), relay: LineConfig(line: "GPIO17"))
        #expect(lines.rendered.contains("backend = \"sim\"\nsysfs_root = \"/sys/class/gpio\"\nsim_directory = \"/tmp/demo/gpio\"\n"))
        #expect(try ReleaseLines.parse(text: lines.rendered, fileName: "door-lines.toml") == lines)
        let real = ReleaseLines(gpio: GPIOConfig(backend: .sysfs), relay: LineConfig(line: "GPIO17"))
        #expect(!real.rendered.contains("sim_directory"), "a real door's kept copy names no simulated directory")
    }
}
