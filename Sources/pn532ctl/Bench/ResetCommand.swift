import PN532Reader
import PN532
import JSONText
import ArgumentParser
import GPIO
import NFCCore

/// `pn532ctl reset --reset-pin LINE`: reset the PN532 through RSTPD_N and wake it again — the
/// cure for a chip or an I2C bus that stopped answering.
struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Reset the PN532 through its RSTPD_N pin, then wake it and show that it answers.",
        discussion: """
            RSTPD_N is active low: the line is held low for --hold milliseconds, then released \
            (also when interrupted), and the chip gets --boot milliseconds before it is woken.

            Examples:
              pn532ctl reset --reset-pin GPIO27 --device i2c:/dev/i2c-1
              pn532ctl reset --reset-pin GPIO27 --json
            """)

    @OptionGroup var device: DeviceOptions
    @OptionGroup var gpio: GPIOOptions

    @Option(name: .customLong("reset-pin"), help: ArgumentHelp("The GPIO line wired to RSTPD_N, such as GPIO27.", valueName: "LINE"))
    var resetPin: String

    @Option(help: ArgumentHelp("How long RSTPD_N is held low, 1-1000 milliseconds.", valueName: "MS"))
    var hold: Int = 20

    @Option(help: ArgumentHelp("How long the chip gets to start after the reset, 0-1000 milliseconds.", valueName: "MS"))
    var boot: Int = 10

    @Flag(help: "Print JSON: device, resetPin, firmware, version, revision.")
    var json = false

    func validate() throws {
        guard (1...1000).contains(hold) else { throw ValidationError("--hold must be between 1 and 1000 ms") }
        guard (0...1000).contains(boot) else { throw ValidationError("--boot must be between 0 and 1000 ms") }
    }

    func run() throws {
        let line: GPIOLineName
        do { line = try GPIOLineName(resetPin) } catch { throw CLIError(gpio: error) }
        let clock = try SignalClock()
        try clock.mappingGPIO(otherBackend: gpio.otherBackend) {
            let request = GPIOLineRequest(line: line, direction: .output(initiallyOn: false), activeLow: true)
            try gpio.makeBackend(clock: clock).request(request, chip: gpio.chip).pulse(for: .milliseconds(hold))
            try clock.sleep(for: .milliseconds(boot))
        }
        let reader = try Reader.open(device)
        defer { reader.close() }
        let firmware = reader.firmware
        if json {
            print(JSON.object([
                ("device", .string(reader.spec.description)), ("resetPin", .string(resetPin)),
                ("firmware", .string("\(firmware.version).\(firmware.revision)")),
                ("version", .int(Int(firmware.version))), ("revision", .int(Int(firmware.revision))),
            ]).text)
            return
        }
        print("Reset the PN532 on \(reader.spec) through \(resetPin): firmware \(firmware.version).\(firmware.revision) answers")
    }
}
