import ArgumentParser
import DoorControl
import FileInput
import GPIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// What a configuration needs beyond its own keys and values before a door can run on it:
/// the rules and key, a device string the reader understands, lines the board's GPIO chip
/// has, a counter file that can be read and replaced, an audit directory. `door run` checks
/// it before it starts and `door check-config` the same way, so a file check-config passes
/// does not stop the door.
struct DoorPreflight {
    /// The rules, with the key read.
    let policy: DoorPolicy
    /// The reader.
    let spec: DeviceSpec
    /// The token counters (empty without rolling counters, or beginning afresh).
    let counters: [DecisionState.CounterKey: DecisionState.TokenCounter]
    /// What could not be checked here, or will need something at the door's first start.
    let notes: [String]

    /// Checks `config`, read from `path`. `newCounters` is `door run --new-counters`; with
    /// `missingCountersAllowed` (check-config) a missing counter file in an existing directory is
    /// a note, not an error.
    ///
    /// - Throws: `CLIError` naming the file, line and key: 65 for a wrong value, 74 for a file
    ///   or directory that cannot be used, 77 for a key others can read.
    init(_ config: DoorConfig, path: String, gpio: GPIOBackend, newCounters: Bool, missingCountersAllowed: Bool) throws(CLIError) {
        let locations = config.keyLines
        do throws(ConfigError) { policy = try DoorPolicy(loading: config, from: path) } catch { throw CLIError(error) }
        spec = try DeviceSpec.door(config.reader, at: locations.place("reader.device"))
        var notes = try Self.checkLines(config, gpio: gpio, locations: locations)
        try Self.checkDirectory(of: config.audit.path, key: "audit.path", at: locations)
        var counters: [DecisionState.CounterKey: DecisionState.TokenCounter] = [:]
        if config.security.rollingCounter {
            try Self.checkDirectory(of: config.security.counterFile, key: "security.counter_file", at: locations)
            do throws(CounterStoreError) {
                counters = try CounterStore(path: config.security.counterFile).load(beginAfresh: newCounters)
            } catch {
                guard error.isMissing, missingCountersAllowed else {
                    throw CLIError.io("\(locations.place("security.counter_file")): \(error) (rolling counters cannot be checked without it: the door does not start)")
                }
                notes.append("security.counter_file: \(config.security.counterFile) does not exist yet: start the door once with `door run --new-counters`")
            }
        }
        self.counters = counters
        self.notes = notes
    }

    /// Refuses lines the configured chip does not have (65). When no chip can be listed here
    /// (a configuration checked away from its board), says so instead.
    private static func checkLines(_ config: DoorConfig, gpio: GPIOBackend, locations: ConfigKeyLines) throws(CLIError) -> [String] {
        guard let chips = try? gpio.chips(), !chips.isEmpty else {
            return ["GPIO lines not checked: no GPIO chip here (\(config.gpio.backend.rawValue))"]
        }
        let names = chips.map { $0.label.isEmpty ? $0.name : "\($0.name) (\($0.label))" }.joined(separator: ", ")
        let candidates = chips.filter { chip in config.gpio.chip.map { $0 == chip.name || $0 == chip.label } ?? true }
        guard !candidates.isEmpty else {
            throw .data("\(locations.place("gpio.chip")): no GPIO chip \(config.gpio.chip ?? "") here; chips: \(names)")
        }
        for (key, line) in config.lineKeys where !candidates.contains(where: { chip in chip.lines.contains { $0.name == line } }) {
            throw .data("\(locations.place(key)): \(line) is not a line of \(config.gpio.chip ?? names): check the board's line names (pn532ctl gpio list)")
        }
        return []
    }

    /// Refuses a path whose directory does not exist or is not a directory (74).
    private static func checkDirectory(of file: String, key: String, at locations: ConfigKeyLines) throws(CLIError) {
        let directory = FilePath(file).removingLastComponent().string
        var status = stat()
        guard stat(directory.isEmpty ? "." : directory, &status) == 0 else {
            throw .io("\(locations.place(key)): the directory \(directory) does not exist: create it, writable by the door's account (scripts/install.sh does)")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .io("\(locations.place(key)): \(directory) is not a directory")
        }
    }
}

extension DoorConfig {
    /// Every line the configuration names, with its key.
    fileprivate var lineKeys: [(key: String, line: String)] {
        let lines: [(String, String?)] = [
            ("relay.line", relay.output.line), ("feedback.led", feedback.led?.line), ("feedback.buzzer", feedback.buzzer?.line),
            ("inputs.exit_button", inputs.exitButton?.line), ("inputs.door_contact", inputs.doorContact?.line),
            ("inputs.doorbell", inputs.doorbell?.line), ("reader.reset_line", reader.resetLine), ("reader.irq_line", reader.irqLine),
        ]
        return lines.compactMap { key, line in line.map { (key, $0) } }
    }
}
