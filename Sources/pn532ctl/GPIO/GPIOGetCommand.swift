import JSONText
import ArgumentParser
import GPIO

/// `pn532ctl gpio get LINE`: reads a line without changing its direction.
struct GPIOGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print 1 when the line is on (active), 0 when off; its direction is left as it is.",
        discussion: """
            Examples:
              pn532ctl gpio get GPIO27 --active-low
            """)

    @OptionGroup var options: GPIOOptions
    @OptionGroup var line: GPIOLineOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let name = try line.name()
        let on = try CLIError.mappingGPIO(otherBackend: options.otherBackend) {
            let request = GPIOLineRequest(line: name, direction: .asIs, activeLow: line.activeLow)
            return try options.makeBackend(clock: SystemGPIOClock()).request(request, chip: options.chip).read()
        }
        print(json ? JSON.object([("line", .string(name.description)), ("value", .int(on ? 1 : 0))]).text : on ? "1" : "0")
    }
}
