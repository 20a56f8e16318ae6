import Basics
import TOML

/// The outputs that must be driven released (off) for the door to be locked and quiet: the
/// relay, the LED and the buzzer, and how to reach them (`[gpio]`). `door release` and the
/// start of `door run` read only these, leniently, so that a file whose other sections are
/// invalid still locks the door; `door run` keeps a copy of the set it started with (see
/// `rendered`) for `door release` after any death.
public struct ReleaseLines: Equatable, Sendable {
    /// How the lines are reached.
    public var gpio: GPIOConfig
    /// The lock's relay.
    public var relay: LineConfig
    /// The feedback LED and buzzer, when configured and readable.
    public var led: LineConfig?
    public var buzzer: LineConfig?

    /// A set of lines.
    public init(gpio: GPIOConfig, relay: LineConfig, led: LineConfig? = nil, buzzer: LineConfig? = nil) {
        self.gpio = gpio
        self.relay = relay
        self.led = led
        self.buzzer = buzzer
    }

    /// The lines of a valid configuration.
    public init(_ config: DoorConfig) {
        self.init(gpio: config.gpio, relay: config.relay.output, led: config.feedback.led, buzzer: config.feedback.buzzer)
    }

    /// Reads `[gpio]`, `relay.line`, `relay.active_low`, `feedback.led` and `feedback.buzzer`
    /// from the file at `path` (a `board = "…"` profile applied when it can be found), and
    /// nothing else: other keys and sections may be missing or invalid. An unreadable LED or
    /// buzzer is left out; the relay and the TOML syntax must be right.
    ///
    /// - Throws: `ConfigError` when the file cannot be read or parsed, or has no usable relay line.
    /// A TOML syntax error outside the top-level keys and those three sections does not stop
    /// them being read: the sections are read alone (see `releaseSections`).
    public static func load(path: String, boardsDirectory: String? = nil) throws(ConfigError) -> ReleaseLines {
        let text = try ConfigFile.readText(path)
        do throws(ConfigError) {
            return try parse(text: text, fileName: path, boardsDirectory: boardsDirectory)
        } catch {
            let sections = releaseSections(of: text)
            guard sections != text, let lines = try? parse(text: sections, fileName: path, boardsDirectory: boardsDirectory) else { throw error }
            return lines
        }
    }

    /// The lines of `text` before its first table header and those of its `[gpio]`,
    /// `[relay]` and `[feedback]` tables (and their subtables), without any other table or
    /// array of tables.
    static func releaseSections(of text: String) -> String {
        var kept: [Substring] = []
        var keeping = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") {
                let name = trimmed.hasPrefix("[[") ? "" : trimmed.dropFirst().prefix { $0 != "]" }.trimmingBlanks
                let root = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
                keeping = ["gpio", "relay", "feedback"].contains(root)
            }
            if keeping { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }

    /// As `load`, from text.
    public static func parse(text: String, fileName: String, boardsDirectory: String? = nil) throws(ConfigError) -> ReleaseLines {
        var root = ConfigSection(table: try ConfigFile.parse(text, file: fileName), path: "", line: nil, source: ConfigSource(file: fileName))
        if let board = try? root.text("board"), let value = root["board"] {
            let directories = [boardsDirectory, PathText.directory(of: fileName) + "/boards", BoardProfile.installedDirectory].compactMap { $0 }
            if let profile = try? BoardProfile.find(board, in: directories, requestedAt: value, by: root.source) {
                root = profile.applied(to: root)
            }
        }
        let empty = ConfigSection(table: TOMLTable(), path: "", line: nil, source: root.source)
        let gpioSection = (try? root.section("gpio")) ?? empty
        let defaults = GPIOConfig()
        let gpio = GPIOConfig(
            backend: (try? gpioSection.choice("backend", GPIOConfig.Backend.allCases.map { ($0.rawValue, $0) })) ?? defaults.backend,
            chip: try? gpioSection.text("chip"),
            sysfsRoot: (try? gpioSection.absolutePath("sysfs_root")) ?? defaults.sysfsRoot,
            simDirectory: (try? gpioSection.absolutePath("sim_directory")) ?? defaults.simDirectory)
        guard let relaySection = try root.section("relay") else { throw root.missing("relay", "the relay's line is needed to release it") }
        guard let line = try relaySection.lineName("line") else {
            throw relaySection.missing("line", "the GPIO line driving the lock's relay, such as \"GPIO17\"")
        }
        let relay = LineConfig(line: line, activeLow: try relaySection.bool("active_low") ?? false)
        let feedback = try? root.section("feedback")
        return ReleaseLines(
            gpio: gpio, relay: relay,
            led: feedback.flatMap { try? $0.lineConfig("led") },
            buzzer: feedback.flatMap { try? $0.lineConfig("buzzer") })
    }

    /// The lines as a small TOML document that `parse` reads back: what `door run` keeps.
    public var rendered: String {
        var text = "# The lines pn532ctl door run started with; pn532ctl door release drives them released.\n"
        text += "[gpio]\nbackend = \(TOMLFormat.string(gpio.backend.rawValue))\n"
        if let chip = gpio.chip { text += "chip = \(TOMLFormat.string(chip))\n" }
        text += "sysfs_root = \(TOMLFormat.string(gpio.sysfsRoot))\n"
        if gpio.isSimulated { text += "sim_directory = \(TOMLFormat.string(gpio.simDirectory))\n" }
        text += "[relay]\nline = \(TOMLFormat.string(relay.line))\nactive_low = \(relay.activeLow)\n"
        let feedback = [("led", led), ("buzzer", buzzer)].compactMap { key, line in
            line.map { "\(key) = { line = \(TOMLFormat.string($0.line)), active_low = \($0.activeLow) }\n" }
        }
        if !feedback.isEmpty { text += "[feedback]\n" + feedback.joined() }
        return text
    }
}

extension Substring {
    /// Without blanks (spaces, tabs) at either end.
    fileprivate var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
