import JSONText
import ArgumentParser
import GPIO

/// `pn532ctl gpio list`: the chips and their lines.
struct GPIOListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the GPIO chips and their lines (who holds them, which direction).",
        discussion: """
            Examples:
              pn532ctl gpio list
              pn532ctl gpio list --chip gpiochip0 --json
            """)

    @OptionGroup var options: GPIOOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let all = try CLIError.mappingGPIO(otherBackend: options.otherBackend) { try options.makeBackend(clock: SystemGPIOClock()).chips() }
        let chips = all.filter { chip in options.chip.map { $0 == chip.name || $0 == chip.label } ?? true }
        if let query = options.chip, chips.isEmpty {
            throw CLIError(message: "--chip \(query): no such chip; chips: \(all.map { "\($0.name) (\($0.label))" }.joined(separator: ", "))", exitCode: .usage)
        }
        if json {
            print(JSON.object([("chips", .array(chips.map(Self.json)))]).text)
            return
        }
        for chip in chips {
            let base = chip.base.map { ", base \($0)" } ?? ""
            print("\(chip.name) [\(chip.label)]\(base), \(chip.lines.count) lines")
            for line in chip.lines {
                var text = "  \(line.offset)\t\(line.name.isEmpty ? "-" : line.name)"
                if let base = chip.base { text += "\tsysfs \(base + line.offset)" }
                if line.used { text += "\tused" + (line.consumer.isEmpty ? "" : " by \(line.consumer)") }
                if let direction = line.direction { text += "\t\(direction)" }
                print(text)
            }
        }
    }

    private static func json(_ chip: GPIOChipDescription) -> JSON {
        .object([
            ("name", .string(chip.name)), ("label", .string(chip.label)), ("base", chip.base.map(JSON.int) ?? .null),
            ("lines", .array(chip.lines.map { line in
                .object([
                    ("offset", .int(line.offset)), ("name", .string(line.name)), ("used", .bool(line.used)),
                    ("consumer", .string(line.consumer)), ("direction", line.direction.map(JSON.string) ?? .null),
                ])
            })),
        ])
    }
}
