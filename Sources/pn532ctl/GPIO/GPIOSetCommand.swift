import ArgumentParser
import GPIO

/// `pn532ctl gpio set LINE 0|1`: makes the line an output at that state.
struct GPIOSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Make the line an output and switch it on (1) or off (0).",
        discussion: """
            The state is part of the request, so the line never glitches to the other state. \
            sysfs keeps the output after pn532ctl exits; the character device releases the \
            line on exit and it may revert to its default.

            Examples:
              pn532ctl gpio set GPIO17 1 --backend sysfs
            """)

    @OptionGroup var options: GPIOOptions
    @OptionGroup var line: GPIOLineOptions

    @Argument(help: ArgumentHelp("1 for on (active), 0 for off.", valueName: "0|1"))
    var value: String

    func run() throws {
        let name = try line.name()
        guard value == "0" || value == "1" else { throw CLIError.usage("the value must be 0 or 1, not '\(value)'") }
        let on = value == "1"
        try CLIError.mappingGPIO(otherBackend: options.otherBackend) {
            let request = GPIOLineRequest(line: name, direction: .output(initiallyOn: on), activeLow: line.activeLow)
            try options.makeBackend(clock: SystemGPIOClock()).request(request, chip: options.chip).set(on)
        }
        if options.backend == .cdev {
            StandardError.write("pn532ctl: note: \(name) was released on exit and may revert; use --backend sysfs to keep it\n")
        }
    }
}
