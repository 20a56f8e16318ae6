import ArgumentParser
import GPIO
import NFCCore

/// `pn532ctl gpio pulse LINE MS`: on, wait, off — a door strike's unlock pulse.
struct GPIOPulseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pulse", abstract: "Switch the line on for MS milliseconds, then off (also on Ctrl-C).",
        discussion: """
            Examples:
              pn532ctl gpio pulse GPIO17 500 --active-low
            """)

    @OptionGroup var options: GPIOOptions
    @OptionGroup var line: GPIOLineOptions

    @Argument(help: ArgumentHelp("How long the line stays on, 1-600000 ms.", valueName: "MS"))
    var milliseconds: Int

    func validate() throws {
        guard (1...600_000).contains(milliseconds) else { throw ValidationError("MS must be between 1 and 600000") }
    }

    func run() throws {
        let name = try line.name()
        let clock = try SignalClock()
        try clock.mappingGPIO(otherBackend: options.otherBackend) {
            let request = GPIOLineRequest(line: name, direction: .output(initiallyOn: false), activeLow: line.activeLow)
            try options.makeBackend(clock: clock).request(request, chip: options.chip).pulse(for: .milliseconds(milliseconds))
        }
        try clock.exitIfSignalled()
    }
}
