import Foundation
import Testing

/// A door on real parts: `pn532ctl sim` on a pseudo-terminal reached through a stable link
/// path (so it can be stopped and started again), a sysfs GPIO tree of plain files with the
/// relay (GPIO17), exit button (GPIO22) and door contact (GPIO23) exported, a door.toml, and
/// `pn532ctl door run` reading them, whose log the test reads line by line.
final class DoorScene {
    static let alice = "04A1A1A1A1A1A1"
    static let bob = "04B0B0B0B0B0B0"
    static let stranger = "04EEEEEEEEEEEE"

    let directory: URL
    private(set) var simulator: SimulatorProcess
    var door: BackgroundCommand?

    var link: String { directory.appendingPathComponent("pn532").path }
    /// The reader's device string in door.toml; nil for the pty simulator at `link`.
    var readerDevice: String?
    var config: String { directory.appendingPathComponent("door.toml").path }
    var audit: String { directory.appendingPathComponent("audit.jsonl").path }
    var sysfs: URL { directory.appendingPathComponent("gpio") }

    /// The scene with the relay line left energised, as a crash could leave it.
    init(pulse: Double = 1, users: String = DoorScene.aliceOnly) throws {
        directory = try temporaryDirectory()
        try Self.makeSysfs(at: directory.appendingPathComponent("gpio"))
        simulator = try SimulatorProcess(["--empty", "--link", directory.appendingPathComponent("pn532").path])
        try writeConfig(pulse: pulse, users: users)
    }

    deinit {
        if let door { _ = door.stop() }
        _ = simulator.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    static let aliceOnly = """
        [[users]]
        name = "alice"
        uid = ["\(alice)"]
        """

    /// Writes door.toml with `users` (TOML `[[users]]` tables) and `security` (the keys of
    /// `[security]`). `extra` is appended (`[[hook]]` tables).
    /// `audit` is added to the `[audit]` section and `reader` to the `[reader]` section.
    func writeConfig(
        pulse: Double, users: String, extra: String = "", audit auditSettings: String = "",
        security: String = "lockout = false", reader readerSettings: String = ""
    ) throws {
        let text = """
            [reader]
            device = "\(readerDevice ?? link)"
            health_check = 1\(readerSettings.isEmpty ? "" : "\n" + readerSettings)

            [gpio]
            backend = "sysfs"
            sysfs_root = "\(sysfs.path)"

            [relay]
            line = "GPIO17"
            pulse = \(pulse)

            [inputs]
            exit_button = { line = "GPIO22" }
            door_contact = { line = "GPIO23" }
            debounce_ms = 0

            [security]
            \(security)

            [audit]
            path = "\(audit)"
            \(auditSettings)

            \(users)

            \(extra)

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: config))
    }

    /// Where `door run` keeps its lines when started with `keepingLines: true`.
    var state: String { directory.appendingPathComponent("state").path }

    /// Starts `pn532ctl door run` with `environment` and `arguments` added and waits until its
    /// reader is ready; `keepingLines` gives it a state directory to keep its lines in for
    /// `door release`; `launcher` runs it (see `BackgroundCommand`). Returns the log lines read.
    @discardableResult
    func start(
        environment: [String: String] = [:], arguments extraArguments: [String] = [], keepingLines: Bool = false,
        launcher: [String] = []
    ) throws -> [String] {
        var arguments = ["door", "run", "--config", config, "--verbose"] + extraArguments
        if keepingLines {
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            arguments += ["--state-directory", state]
        }
        door = try BackgroundCommand(arguments, readingStandardError: true, environment: environment, launcher: launcher)
        return try log(until: "door controller started") + log(until: "reader ready")
    }

    /// The door's log lines up to and including the next one that contains `text`.
    @discardableResult
    func log(until text: String, within seconds: Int64 = 20) throws -> [String] {
        guard let door else { throw SimulatorProcessError.exited }
        return try door.readLines(through: text, within: seconds)
    }

    /// Seconds of the day of a log line's time stamp (`2026-11-23T22:51:08.290Z …`).
    static func seconds(_ line: String) -> Double {
        let clock = line.split(separator: "T").dropFirst().first?.prefix(12) ?? ""
        let parts = clock.split(separator: ":").compactMap { Double($0) }
        guard parts.count == 3 else { return .nan }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }

    /// The relay line's value file: "1" energised, "0" released.
    func relay() throws -> String {
        try value(529)
    }

    func value(_ number: Int) throws -> String {
        try String(contentsOf: sysfs.appendingPathComponent("gpio\(number)/value"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func direction(_ number: Int) throws -> String {
        try String(contentsOf: sysfs.appendingPathComponent("gpio\(number)/direction"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sets the relay's value file to "1", as a dead door could have left it.
    func energiseRelay() throws {
        try Data("1\n".utf8).write(to: sysfs.appendingPathComponent("gpio529/value"))
    }

    /// Drives an input line's value file, as the wiring would.
    func setInput(_ number: Int, _ on: Bool) throws {
        try Data((on ? "1\n" : "0\n").utf8).write(to: sysfs.appendingPathComponent("gpio\(number)/value"))
    }

    func pressExitButton() throws { try setInput(534, true) }
    func releaseExitButton() throws { try setInput(534, false) }
    func openDoor() throws { try setInput(535, true) }
    func closeDoor() throws { try setInput(535, false) }

    /// Presents an NTAG213 with `uid`, alone in the field.
    func present(_ uid: String) throws {
        #expect(try simulator.control("present ntag213:uid=\(uid)").hasPrefix("present"))
    }

    /// Takes every tag away.
    func removeAll() throws {
        #expect(try simulator.control("remove") == "removed all")
    }

    /// Stops the simulator (the reader goes away) and starts a new one on the same link path.
    func stopSimulator() {
        _ = simulator.stop()
    }

    func restartSimulator() throws {
        simulator = try SimulatorProcess(["--empty", "--link", link])
    }

    /// The audit log's lines.
    func auditLines() throws -> [String] {
        try String(contentsOf: URL(fileURLWithPath: audit), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// A Pi 4 pin controller (base 512) with GPIO17 (529), GPIO22 (534) and GPIO23 (535)
    /// exported; the relay is left energised (an output driven high).
    static func makeSysfs(at root: URL) throws {
        let chip = root.appendingPathComponent("gpiochip512")
        try FileManager.default.createDirectory(at: chip, withIntermediateDirectories: true)
        var files: [(URL, String)] = [
            (chip.appendingPathComponent("label"), "pinctrl-bcm2711\n"), (chip.appendingPathComponent("base"), "512\n"),
            (chip.appendingPathComponent("ngpio"), "58\n"), (root.appendingPathComponent("export"), ""),
            (root.appendingPathComponent("unexport"), ""),
        ]
        for (number, direction, value) in [(529, "out", "1"), (534, "in", "0"), (535, "in", "0")] {
            let line = root.appendingPathComponent("gpio\(number)")
            try FileManager.default.createDirectory(at: line, withIntermediateDirectories: true)
            files += [
                (line.appendingPathComponent("direction"), direction + "\n"), (line.appendingPathComponent("value"), value + "\n"),
                (line.appendingPathComponent("edge"), "none\n"), (line.appendingPathComponent("active_low"), "0\n"),
            ]
        }
        for (url, text) in files { try Data(text.utf8).write(to: url) }
    }
}
