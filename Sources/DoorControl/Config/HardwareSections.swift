import NFCCore
import PN532Reader
import TOML
/// `[reader]`, `[gpio]`, `[relay]`, `[inputs]` and `[feedback]`.
extension DoorConfigDecoder {
    /// The PN532's rates (SetSerialBaudRate).
    static let baudRates = [9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 921_600, 1_288_000]

    mutating func reader() throws(ConfigError) -> ReaderConfig {
        let section = try section("reader")
        try section.checkKeys(["device", "baud", "irq_line", "reset_line", "health_check", "other_families", "resting_after"])
        guard let device = try section.text("device") else {
            throw section.missing("device", "the PN532's device, such as \"/dev/serial0\" or \"i2c:/dev/i2c-1\" (or a board = \"…\" that gives it)")
        }
        // A device string that is no device is reported where it is used, with its place.
        let spec = try? DeviceSpec.parse(device)
        let isI2C = spec?.isOnI2C ?? false
        let isSPI = spec?.isOnSPI ?? false
        let baud = try section.integer("baud", in: 9600...1_288_000)
        if let baud {
            guard Self.baudRates.contains(baud) else {
                throw section.error("baud", "\(baud) is not a PN532 rate (\(Self.baudRates.map(String.init).joined(separator: ", ")))", at: section["baud"])
            }
            guard !isI2C else { throw section.error("baud", "only for a reader on a UART; \(device) is on I2C", at: section["baud"]) }
            guard !isSPI else { throw section.error("baud", "only for a reader on a UART; \(device) is on SPI (its clock rate goes in the device: spi:/dev/spidev0.0:HZ)", at: section["baud"]) }
            guard !DeviceSpec.statesRate(device) else {
                throw section.error("baud", "the device \(device) already gives a rate; give it once", at: section["baud"])
            }
        }
        let irqLine = try section.lineName("irq_line")
        if irqLine != nil, !isI2C, !isSPI {
            let fromBoard = section.source.file(for: section.keyPath("irq_line")) != section.source.file
            throw section.error("irq_line", "only for a reader on I2C or SPI (device \"i2c:/dev/i2c-1\" or \"spi:/dev/spidev0.0\"), not \(device)"
                + (fromBoard ? "; the board gives one: set irq_line = false in [reader], or choose the board's UART profile" : ""), at: section["irq_line"])
        }
        let resetLine = try section.lineName("reset_line")
        try use(irqLine, for: "irq_line", in: section)
        try use(resetLine, for: "reset_line", in: section)
        return ReaderConfig(
            device: device, baud: baud, irqLine: irqLine, resetLine: resetLine,
            healthCheckInterval: try section.seconds("health_check", in: 1...3600) ?? .seconds(5),
            pollsOtherFamilies: try section.bool("other_families") ?? true,
            restingAfter: try section.seconds("resting_after", in: 1...3600) ?? .seconds(5))
    }

    func gpio() throws(ConfigError) -> GPIOConfig {
        let section = try section("gpio")
        try section.checkKeys(["backend", "chip", "sysfs_root", "sim_directory"])
        let defaults = GPIOConfig()
        let gpio = GPIOConfig(
            backend: try section.choice("backend", GPIOConfig.Backend.allCases.map { ($0.rawValue, $0) }) ?? defaults.backend,
            chip: try section.text("chip"),
            sysfsRoot: try section.absolutePath("sysfs_root") ?? defaults.sysfsRoot,
            simDirectory: try section.absolutePath("sim_directory") ?? defaults.simDirectory)
        if section["sim_directory"] != nil, !gpio.isSimulated {
            throw section.error("sim_directory", "only with backend = \"sim\" (the simulated GPIO); a real door has no such directory", at: section["sim_directory"])
        }
        return gpio
    }

    mutating func relay() throws(ConfigError) -> RelayConfig {
        let section = try section("relay")
        try section.checkKeys(["line", "active_low", "mode", "pulse"])
        guard let line = try section.lineName("line") else {
            throw section.missing("line", "the GPIO line driving the lock's relay, such as \"GPIO17\" (or a board = \"…\" that gives it)")
        }
        try use(line, for: "line", in: section)
        let output = LineConfig(line: line, activeLow: try section.bool("active_low") ?? false)
        let pulse = try section.seconds("pulse", in: 0.1...600)
        switch try section.choice("mode", [("pulse", true), ("toggle", false)]) ?? true {
        case true:
            return RelayConfig(output: output, mode: .pulse(pulse ?? .seconds(3)))
        case false:
            guard pulse == nil else { throw section.error("pulse", "only with mode = \"pulse\"; a toggling relay has no pulse", at: section["pulse"]) }
            return RelayConfig(output: output, mode: .toggle)
        }
    }

    mutating func inputs() throws(ConfigError) -> InputsConfig {
        let section = try section("inputs")
        try section.checkKeys(["exit_button", "door_contact", "doorbell", "relock_on_close", "held_open_alarm", "debounce_ms"])
        let defaults = InputsConfig()
        let inputs = InputsConfig(
            exitButton: try section.lineConfig("exit_button"),
            doorContact: try section.lineConfig("door_contact"),
            relockOnClose: try section.bool("relock_on_close") ?? defaults.relockOnClose,
            heldOpenAlarm: section.isOff("held_open_alarm") ? nil : try section.seconds("held_open_alarm", in: 1...86400),
            doorbell: try section.lineConfig("doorbell"),
            debounce: try section.integer("debounce_ms", in: 0...1000, unit: " ms").map { .milliseconds($0) } ?? defaults.debounce)
        if inputs.heldOpenAlarm != nil, inputs.doorContact == nil {
            throw section.error("held_open_alarm", "needs inputs.door_contact to know the door is open", at: section["held_open_alarm"])
        }
        try use(inputs.exitButton?.line, for: "exit_button", in: section)
        try use(inputs.doorContact?.line, for: "door_contact", in: section)
        try use(inputs.doorbell?.line, for: "doorbell", in: section)
        return inputs
    }

    mutating func feedback() throws(ConfigError) -> FeedbackConfig {
        let section = try section("feedback")
        try section.checkKeys(["led", "buzzer", "led_granted", "led_denied", "buzzer_granted", "buzzer_denied"])
        let defaults = FeedbackConfig()
        let feedback = FeedbackConfig(
            led: try section.lineConfig("led"),
            buzzer: try section.lineConfig("buzzer"),
            ledGranted: try section.pattern("led_granted") ?? defaults.ledGranted,
            ledDenied: try section.pattern("led_denied") ?? defaults.ledDenied,
            buzzerGranted: try section.pattern("buzzer_granted") ?? defaults.buzzerGranted,
            buzzerDenied: try section.pattern("buzzer_denied") ?? defaults.buzzerDenied)
        for (device, present) in [("led", feedback.led != nil), ("buzzer", feedback.buzzer != nil)] where !present {
            for key in ["\(device)_granted", "\(device)_denied"] where section[key] != nil {
                throw section.error(key, "has no effect without feedback.\(device)", at: section[key])
            }
        }
        try use(feedback.led?.line, for: "led", in: section)
        try use(feedback.buzzer?.line, for: "buzzer", in: section)
        return feedback
    }
}
