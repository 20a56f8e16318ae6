import JSONText
import Basics
import ArgumentParser
import GPIO
import NFCCore

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl gpio watch LINE`: prints the line's edges (button presses, door contact).
struct GPIOWatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Make the line an input and print each debounced edge.",
        discussion: """
            Stops after --count edges, after --timeout seconds, or on Ctrl-C.

            Examples:
              pn532ctl gpio watch GPIO22 --bias pull-up --debounce 20 --count 4
            """)

    @OptionGroup var options: GPIOOptions
    @OptionGroup var line: GPIOLineOptions

    @Option(help: ArgumentHelp("Pull resistor (character device only): as-is, pull-up, pull-down, disabled.", valueName: "BIAS"))
    var bias: GPIOLineRequest.Bias = .asIs

    @Option(help: ArgumentHelp("Debounce period in milliseconds, 0-1000.", valueName: "MS"))
    var debounce = 0

    @Option(help: ArgumentHelp("Stop after N edges (at least 1).", valueName: "N"))
    var count: Int?

    @Option(help: ArgumentHelp("Stop after this many seconds, 0-86400.", valueName: "SECONDS"))
    var timeout: Double?

    @Flag(help: "Print one JSON object per edge.")
    var json = false

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if let timeout, !(timeout >= 0 && timeout <= 86_400) { throw ValidationError("--timeout must be between 0 and 86400 seconds") }
        guard (0...1_000).contains(debounce) else { throw ValidationError("--debounce must be between 0 and 1000 ms") }
    }

    func run() throws {
        let name = try line.name()
        let clock = try SignalClock()
        try CLIError.mappingGPIO(otherBackend: options.otherBackend) {
            do {
                try watch(name, clock: clock)
            } catch GPIOError.interrupted {
                // Ctrl-C during a debounce wait ends the watch like Ctrl-C between edges.
            }
        }
        try clock.exitIfSignalled()
    }

    private func watch(_ name: GPIOLineName, clock: SignalClock) throws {
        let start = clock.now()
        let deadline = timeout.map { start + .milliseconds(Int64($0 * 1_000)) }
        let request = GPIOLineRequest(
            line: name, direction: .input(bias: bias, debounce: .milliseconds(debounce)), activeLow: line.activeLow)
        let watched = try options.makeBackend(clock: clock).request(request, chip: options.chip)
        var seen = 0
        while count.map({ seen < $0 }) ?? true, !clock.signalled() {
            // Wait in slices of at most a second so Ctrl-C is noticed without --timeout.
            let remaining = deadline.map { $0 - clock.now() } ?? .seconds(1)
            if remaining <= .zero { break }
            guard let edge = try watched.waitForEdge(timeout: min(remaining, .seconds(1))) else { continue }
            seen += 1
            print(describe(edge, line: name, at: clock.now() - start))
            fflush(nil)
        }
    }

    private func describe(_ edge: GPIOLine.Edge, line: GPIOLineName, at elapsed: Duration) -> String {
        let milliseconds = Int(elapsed.nanoseconds / 1_000_000)
        if json {
            return JSON.object([("line", .string(line.description)), ("edge", .string(edge.rawValue)), ("ms", .int(milliseconds))]).text
        }
        return "\(milliseconds) ms \(line) \(edge.rawValue) (\(edge == .rising ? "on" : "off"))"
    }
}

extension GPIOLineRequest.Bias: ExpressibleByArgument {}
