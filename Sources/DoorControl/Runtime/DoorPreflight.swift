import Basics
import DoorRecords
import GPIO
import PN532Reader
import SystemPackage
import TOML

#if canImport(Glibc)
import Glibc
#endif

/// What a configuration needs beyond its own keys and values before a door can run on it:
/// the rules and key, a device string the reader understands, lines the board's GPIO chip
/// has, a counter file that can be read and replaced, an audit directory. `door run` checks
/// it before it starts and `door check-config` the same way, so a file check-config passes
/// does not stop the door.
package struct DoorPreflight {
    /// The rules, with the key read.
    package let policy: DoorPolicy
    /// The reader.
    package let spec: DeviceSpec
    /// The token counters (empty without rolling counters, or beginning afresh).
    package let counters: [DecisionState.CounterKey: DecisionState.TokenCounter]
    /// Why the counters begin afresh from a counter file that does not exist (the door's first
    /// start, or `--new-counters`); nil when they were read, or are off. `door run` then
    /// creates the file at once and says so in both logs.
    package let freshCounters: String?
    /// What could not be checked here, or will need something at the door's first start.
    package let notes: [String]

    /// Checks `config`, read from `path` (errors name its keys' lines). A missing counter file
    /// begins afresh when the audit log does not exist either (the door's first start) or with
    /// `newCounters` (`door run --new-counters`), and is refused otherwise; with
    /// `missingCountersAllowed` (check-config) it is a note, not an error, and nothing begins.
    ///
    /// - Throws: `DoorError` naming the file, line and key: a wrong value, a file or directory
    ///   that cannot be used, a key others can read.
    package init(_ config: DoorConfig, path: String, gpio: GPIOBackend, newCounters: Bool, missingCountersAllowed: Bool) throws(DoorError) {
        let places = config.keyLines.place
        do throws(ConfigError) { policy = try DoorPolicy(loading: config, from: path) } catch { throw .configuration(error) }
        spec = try Self.device(config.reader, at: places)
        try Self.checkSysfsWritable(config.gpio, places: places)
        var notes = try Self.checkLines(config, gpio: gpio, places: places)
        if let note = ServiceDevices.note(for: spec) { notes.append(note) }
        try Self.checkDirectory(of: config.audit.path, key: "audit.path", at: places)
        var counters: [DecisionState.CounterKey: DecisionState.TokenCounter] = [:]
        var fresh: String?
        if config.security.rollingCounter {
            let file = config.security.counterFile
            try Self.checkDirectory(of: file, key: "security.counter_file", at: places)
            do throws(CounterStoreError) {
                counters = try CounterStore(path: file).load()
            } catch {
                guard error.isMissing else { throw .counters(place: places("security.counter_file"), error) }
                let auditFiles = Self.existingAuditFiles(config.audit.path)
                if missingCountersAllowed {
                    notes.append(auditFiles.isEmpty
                        ? "security.counter_file: \(file) does not exist yet: door run creates it at its first start (there is no audit log \(config.audit.path) yet either)"
                        : "security.counter_file: \(Self.lostCounters(file, auditLog: auditFiles[0], configPath: path)): door run refuses to start")
                } else if newCounters {
                    fresh = "begun afresh (--new-counters): \(file) did not exist; created with no counters"
                } else if auditFiles.isEmpty {
                    fresh = "first start (neither \(file) nor the audit log \(config.audit.path) existed): \(file) created with no counters"
                } else {
                    throw .counters(place: places("security.counter_file"), Self.lostCounters(file, auditLog: auditFiles[0], configPath: path))
                }
            }
        }
        self.counters = counters
        self.freshCounters = fresh
        self.notes = notes
    }

    /// The audit log's files that exist (`path`, `path.1`): none means the door never ran with
    /// this log. A file whose existence cannot be told counts as existing (fail secure: the
    /// counters are then not begun afresh).
    private static func existingAuditFiles(_ path: String) -> [String] {
        var existing: [String] = []
        for file in [path, AuditLog.rotatedPath(path, 1)] {
            var status = stat()
            if lstat(file, &status) == 0 || errno != ENOENT { existing.append(file) }
        }
        return existing
    }

    /// The refusal of a missing counter file when an audit log shows the door ran before: its
    /// counters are lost, and beginning afresh is the owner's decision.
    private static func lostCounters(_ file: String, auditLog: String, configPath: String) -> CounterStoreError {
        var error = CounterStoreError(
            path: file,
            "does not exist, but the audit log \(auditLog) does (the door ran before): the counters of earlier grants are lost, so copies of earlier token states would be accepted; restore the file from a backup, or begin afresh once with `pn532ctl door run --config \(configPath) --new-counters` (under systemd: stop pn532ctl-door, run that as the door's account, sudo -u pn532ctl, stop it with Ctrl-C, then systemctl reset-failed pn532ctl-door and start it)")
        error.isMissing = true
        return error
    }

    /// The device of `[reader]`, its errors naming the key's place.
    package static func device(_ reader: ReaderConfig, at places: KeyPlaces) throws(DoorError) -> DeviceSpec {
        do throws(DeviceSpecError) { return try reader.deviceSpec() } catch { throw .device(place: places("reader.device"), error) }
    }

    /// Refuses lines the configured chip does not have (65). When no chip can be listed here
    /// (a configuration checked away from its board), says so instead.
    private static func checkLines(_ config: DoorConfig, gpio: GPIOBackend, places: KeyPlaces) throws(DoorError) -> [String] {
        guard let chips = try? gpio.chips(), !chips.isEmpty else {
            return ["GPIO lines not checked: no GPIO chip here (\(config.gpio.backend.rawValue))"]
        }
        let names = chips.map { $0.label.isEmpty ? $0.name : "\($0.name) (\($0.label))" }.joined(separator: ", ")
        let candidates = chips.filter { chip in config.gpio.chip.map { $0 == chip.name || $0 == chip.label } ?? true }
        guard !candidates.isEmpty else {
            throw .noChip(place: places("gpio.chip"), chip: config.gpio.chip ?? "", chips: names)
        }
        for (key, line) in config.lineKeys where !candidates.contains(where: { chip in chip.lines.contains { $0.name == line } }) {
            throw .lineNotOnChip(place: places(key), line: line, chip: config.gpio.chip ?? names)
        }
        return []
    }

    /// Refuses the sysfs backend where its `export` file cannot be written: under the unit's
    /// hardening (ProtectKernelTunables, ProtectSystem, ReadOnlyPaths) /sys is read-only, so the
    /// door could neither export its lines nor `door release` lock them. No `export` at all is
    /// no GPIO here, which the line check notes.
    private static func checkSysfsWritable(_ gpio: GPIOConfig, places: KeyPlaces) throws(DoorError) {
        guard gpio.backend == .sysfs else { return }
        let export = "\(gpio.sysfsRoot)/export"
        guard access(export, W_OK) != 0, errno != ENOENT else { return }
        throw .sysfsNotWritable(place: places("gpio.backend"), export: export, Errno(rawValue: errno))
    }

    /// Refuses a path whose directory does not exist or is not a directory (74).
    private static func checkDirectory(of file: String, key: String, at places: KeyPlaces) throws(DoorError) {
        let directory = PathText.directory(of: file)
        var status = stat()
        guard stat(directory, &status) == 0 else {
            throw .directory(place: places(key), directory: directory, exists: false)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .directory(place: places(key), directory: directory, exists: true)
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
