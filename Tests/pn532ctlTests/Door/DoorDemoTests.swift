import Foundation
import Testing

/// The README's door demo, end to end: `Examples/door-demo.toml` (its /tmp paths moved into a
/// scratch directory) run by `pn532ctl door run` against `pn532ctl sim` on a pseudo-terminal,
/// the GPIO lines simulated as files. Every wait is on the door's log lines, with a deadline;
/// each relay change is checked on its file when the log reports it (the log line follows
/// the write).
@Suite("the door demo", .serialized)
struct DoorDemoTests {
    /// The demo's own directory in the example, replaced by a scratch directory here.
    static let demoDirectory = "/tmp/pn532ctl-door-demo"

    final class Demo {
        let directory: URL
        let config: String
        let simulator: SimulatorProcess
        private(set) var door: BackgroundCommand?

        var gpio: String { directory.appendingPathComponent("gpio").path }

        /// The example with its paths in a scratch directory; `pulse` replaces its relay pulse.
        init(pulse: String? = nil) throws {
            directory = try temporaryDirectory()
            var example = String(decoding: try InstallScriptTests.repositoryFile("Examples/door-demo.toml"), as: UTF8.self)
            #expect(example.contains("device = \"\(DoorDemoTests.demoDirectory)/reader\""))
            #expect(example.contains("backend = \"sim\""))
            if let pulse {
                #expect(example.contains("\npulse = 2\n"))
                example = example.replacingOccurrences(of: "\npulse = 2\n", with: "\npulse = \(pulse)\n")
            }
            config = directory.appendingPathComponent("door-demo.toml").path
            try Data(example.replacingOccurrences(of: DoorDemoTests.demoDirectory, with: directory.path).utf8)
                .write(to: URL(fileURLWithPath: config))
            simulator = try SimulatorProcess(["--empty", "--link", directory.appendingPathComponent("reader").path])
        }

        /// Stops the door with SIGTERM; its exit status.
        func stop() -> Int32? {
            defer { door = nil }
            return door?.stop()
        }

        deinit {
            if let door { _ = door.stop() }
            _ = simulator.stop()
            try? FileManager.default.removeItem(at: directory)
        }

        /// Every log line the door has written so far.
        private(set) var logged: [String] = []

        /// Starts the door as the README does (with --verbose, to see tags leave); returns its
        /// log up to the reader being ready.
        @discardableResult
        func start() throws -> [String] {
            door = try BackgroundCommand(["door", "run", "--config", config, "--verbose"], readingStandardError: true)
            return try log(until: "door controller started") + log(until: "reader ready")
        }

        /// The door's log lines up to and including the next one that contains `text`.
        @discardableResult
        func log(until text: String, within seconds: Int64 = 20) throws -> [String] {
            guard let door else { throw SimulatorProcessError.exited }
            let lines = try door.readLines(through: text, within: seconds)
            logged += lines
            return lines
        }

        /// A README sample's lines as this demo would print them: its paths moved into the
        /// scratch directory, the time stamps (the first word) left out.
        func expected(_ sample: [String]) -> [String] {
            sample.map { DoorDemoTests.untimed($0.replacingOccurrences(of: "Examples/door-demo.toml", with: config)
                .replacingOccurrences(of: DoorDemoTests.demoDirectory, with: directory.path)) }
        }

        /// The level in a line's file.
        func line(_ name: String) throws -> String {
            try String(contentsOfFile: gpio + "/" + name, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Writes a line's file, as `echo 1 > …/GPIO22` in the README.
        func drive(_ name: String, _ on: Bool) throws {
            try Data((on ? "1\n" : "0\n").utf8).write(to: URL(fileURLWithPath: gpio + "/" + name))
        }

        func audit() throws -> [String] {
            try String(contentsOfFile: directory.appendingPathComponent("audit.jsonl").path, encoding: .utf8)
                .split(separator: "\n").map(String.init)
        }
    }

    @Test func presentedTagsAndTheExitButtonDriveTheSimulatedRelay() throws {
        let demo = try Demo()
        let started = try demo.start()
        #expect(started.contains { $0.contains("warning: gpio.backend = \"sim\": SIMULATED GPIO") }, "\(started)")
        #expect(started.contains { $0.contains("relay GPIO17 (SIMULATED in \(demo.gpio)) released (locked)") }, "\(started)")
        #expect(try demo.line("GPIO17") == "0")
        #expect(try demo.line("GPIO22") == "0", "the exit button's file is made, released")

        #expect(try demo.simulator.control("present ntag215") == "present 04112233445566 NTAG215")
        #expect(try demo.log(until: "granted 04:11:22:33:44:55:66").last?.contains("user alice") == true)
        try demo.log(until: "relay energised (unlocked): granted alice")
        #expect(try demo.line("GPIO17") == "1")
        try demo.log(until: "relay released (locked): pulse ended")
        #expect(try demo.line("GPIO17") == "0")
        let relay = try pn532ctl(["gpio", "get", "GPIO17", "--backend", "sim", "--sim-directory", demo.gpio])
        #expect(relay.status == 0 && relay.output == "0\n", "\(relay.standardError)")

        try demo.drive("GPIO22", true)
        try demo.log(until: "exit button pressed")
        try demo.log(until: "relay energised (unlocked): exit button")
        #expect(try demo.line("GPIO17") == "1")
        try demo.drive("GPIO22", false)
        try demo.log(until: "relay released (locked): pulse ended")
        #expect(try demo.line("GPIO17") == "0")

        #expect(try demo.simulator.control("remove") == "removed all")
        try demo.log(until: "left the field")
        #expect(try demo.simulator.control("present ntag213").hasPrefix("present 04A1B2C3D4E5F6"))
        try demo.log(until: "denied 04:A1:B2:C3:D4:E5:F6")
        #expect(try demo.line("GPIO17") == "0")

        let audit = try demo.audit()
        let decisions = audit.filter { $0.contains("\"event\":\"decision\"") }
        #expect(decisions.count == 2)
        #expect(decisions.first?.contains("\"uid\":\"04112233445566\",\"user\":\"alice\",\"granted\":true") == true)
        #expect(decisions.last?.contains("\"uid\":\"04A1B2C3D4E5F6\",\"granted\":false") == true)
        #expect(audit.contains { $0.contains("\"event\":\"exit\"") })
        #expect(audit.filter { $0.contains("energised (unlocked)") }.count == 2)
    }

    /// A line without its time stamp (the first word).
    static func untimed(_ line: String) -> String {
        String(line.drop { $0 != " " }.drop { $0 == " " })
    }

    /// The lines of the README's first code block after `marker`.
    static func readmeSample(after marker: String) throws -> [String] {
        let readme = String(decoding: try InstallScriptTests.repositoryFile("README.md"), as: UTF8.self)
        let after = try #require(readme.range(of: marker)).upperBound
        let lines = readme[after...].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let open = try #require(lines.firstIndex { $0.hasPrefix("```") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        return Array(lines[(open + 1)..<close])
    }

    @Test func theReadmeSamplesAreWhatTheDemoPrints() throws {
        let demo = try Demo()
        try demo.start()
        _ = try demo.simulator.control("present ntag215")
        try demo.log(until: "relay released (locked): pulse ended")
        try demo.drive("GPIO22", true)
        try demo.log(until: "relay energised (unlocked): exit button")
        try demo.drive("GPIO22", false)
        try demo.log(until: "relay released (locked): pulse ended")
        _ = try demo.simulator.control("remove")
        try demo.log(until: "left the field")
        _ = try demo.simulator.control("present ntag213")
        try demo.log(until: "denied 04:A1:B2:C3:D4:E5:F6")

        let told = demo.expected(try Self.readmeSample(after: "terminal 2 says:"))
        let printed = demo.logged.map(Self.untimed)
        var position = printed.startIndex
        for line in told {
            let found = printed[position...].firstIndex(of: line)
            #expect(found != nil, "the README's door output line is not printed (in order): \(line)\nprinted: \(printed)")
            position = found.map { $0 + 1 } ?? position
        }

        let sample = try Self.readmeSample(after: "From the door demo above")
        #expect(sample.first == "$ pn532ctl door log --config Examples/door-demo.toml")
        let table = sample.dropFirst().prefix { !$0.hasPrefix("$ ") }
        let log = try pn532ctl(["door", "log", "--config", demo.config])
        #expect(log.status == 0, "\(log.standardError)")
        #expect(log.output.split(separator: "\n").map { Self.untimed(String($0)) } == demo.expected(Array(table)))
    }

    @Test func checkConfigSaysPlainlyTheLinesAreSimulated() throws {
        let demo = try Demo()
        let result = try pn532ctl(["door", "check-config", demo.config])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("backend = \"sim\"\nsysfs_root = \"/sys/class/gpio\"\nsim_directory = \"\(demo.gpio)\""))
        #expect(result.standardError.contains("warning: gpio.backend = \"sim\": SIMULATED GPIO, no lock is wired"))
    }

    @Test func anInputFileHoldingNoLevelIsLoggedAndTheDoorCarriesOn() throws {
        let demo = try Demo()
        try demo.start()
        try Data("pressed\n".utf8).write(to: URL(fileURLWithPath: demo.gpio + "/GPIO22"))
        let logged = try demo.log(until: "error: reading the inputs").last ?? ""
        #expect(logged.contains("GPIO22 holds 'pressed', not 0 or 1"), "\(logged)")
        #expect(try demo.line("GPIO17") == "0")
        try demo.drive("GPIO22", true)
        try demo.log(until: "relay energised (unlocked): exit button")
    }

    @Test func sigtermReleasesTheSimulatedRelay() throws {
        let demo = try Demo(pulse: "600")
        try demo.start()
        let press = try pn532ctl(["gpio", "set", "GPIO22", "1", "--backend", "sim", "--sim-directory", demo.gpio])
        #expect(press.status == 0 && press.standardError.isEmpty, "\(press.standardError)")
        try demo.log(until: "relay energised (unlocked): exit button")
        #expect(try demo.line("GPIO17") == "1")
        #expect(demo.stop() == 0)
        #expect(try demo.line("GPIO17") == "0")
    }

    @Test func doorReleaseDrivesASimulatedRelayLeftEnergised() throws {
        let demo = try Demo()
        try FileManager.default.createDirectory(atPath: demo.gpio, withIntermediateDirectories: true)
        try demo.drive("GPIO17", true)
        let result = try pn532ctl(["door", "release", "--config", demo.config])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try demo.line("GPIO17") == "0")
    }
}
