import DoorControl
import GPIO

#if canImport(Glibc)
import Glibc
#endif

/// Driving the door's outputs released (relay, LED, buzzer) without a valid configuration:
/// from the copy of the lines `door run` keeps in its state directory, and from the relay,
/// `[gpio]` and `[feedback]` sections of the file. Each line is requested as an output
/// already off, driven off once more and let go: Raspberry Pi kernels keep a character-device
/// output driven after it is released and sysfs keeps the value, so the level must be 0
/// before the line is let go.
struct OutputRelease {
    /// The kept copy's name in the state directory.
    static let keptFileName = "door-lines.toml"

    /// The configuration file.
    var configPath: String
    /// Board profiles, as `--boards`.
    var boards: String?
    /// Where `door run` keeps the lines it started with; nil when nothing is kept.
    var stateDirectory: String?

    /// What a release did.
    struct Outcome {
        /// One line per output driven released ("relay.line GPIO17 released (from …)").
        var released: [String] = []
        /// Why a source or a line could not be used.
        var problems: [String] = []
        /// The exit status of the first failure, when no relay was released.
        var failure: CLIError?
        /// True when the relay of at least one source was driven released and none failed.
        var relayReleased = false
    }

    /// The kept copy's path.
    var keptPath: String? {
        stateDirectory.map { $0 + "/" + Self.keptFileName }
    }

    /// The state directory from `--state-directory`, else systemd's `$STATE_DIRECTORY` (the
    /// first of its colon-separated list), else none.
    static func stateDirectory(_ option: String?) -> String? {
        if let option { return option }
        guard let value = getenv("STATE_DIRECTORY") else { return nil }
        let first = String(cString: value).split(separator: ":").first.map(String.init)
        return first?.isEmpty == false ? first : nil
    }

    /// Releases the lines of the kept copy, then those of the file that differ from it.
    func run() -> Outcome {
        var outcome = Outcome()
        var sources: [(String, ReleaseLines)] = []
        if let keptPath, access(keptPath, F_OK) == 0 {
            do throws(ConfigError) { sources.append(("kept copy \(keptPath)", try ReleaseLines.load(path: keptPath))) } catch {
                outcome.problems.append("the kept copy cannot be read: \(error)")
            }
        }
        do throws(ConfigError) {
            let fromFile = try ReleaseLines.load(path: configPath, boardsDirectory: boards)
            if !sources.contains(where: { $0.1 == fromFile }) { sources.append((configPath, fromFile)) }
        } catch {
            outcome.problems.append("the relay cannot be read from \(configPath): \(error)")
            if sources.isEmpty { outcome.failure = CLIError(error) }
        }
        var relayFailures = 0
        for (name, lines) in sources {
            let backend = DoorLines.backend(lines.gpio, clock: SystemGPIOClock())
            let outputs = [("relay.line", lines.relay), ("feedback.led", lines.led), ("feedback.buzzer", lines.buzzer)]
            for (key, line) in outputs {
                guard let line else { continue }
                do throws(CLIError) {
                    try Self.release(key, line, backend: backend, chip: lines.gpio.chip)
                    outcome.released.append("\(key) \(line.line) released (from \(name))")
                } catch {
                    outcome.problems.append("\(error.message) (from \(name))")
                    if key == "relay.line" {
                        relayFailures += 1
                        if outcome.failure == nil { outcome.failure = error }
                    }
                }
            }
        }
        outcome.relayReleased = !sources.isEmpty && relayFailures == 0
        if outcome.relayReleased { outcome.failure = nil }
        return outcome
    }

    /// Requests `line` as an output already off, drives it off and lets go of it.
    private static func release(_ key: String, _ line: LineConfig, backend: GPIOBackend, chip: String?) throws(CLIError) {
        let requested = try DoorLines.request(key, line, .output(initiallyOn: false), backend: backend, chip: chip)
        do {
            try requested.set(false)
        } catch let error as GPIOError {
            let failure = CLIError(gpio: error, otherBackend: DoorLines.otherBackend(than: backend))
            throw CLIError(message: "\(key) (\(line.line)): \(failure.message)", exitCode: failure.exitCode)
        } catch {
            throw .io("\(key) (\(line.line)): \(error)")
        }
    }

    /// Keeps `lines` in the state directory for `door release`, replacing the previous copy
    /// by a rename so that a crash never leaves half a file.
    func keep(_ lines: ReleaseLines) throws(CLIError) {
        guard let keptPath else { return }
        let temporary = keptPath + ".new"
        try FileIO.write(Array(lines.rendered.utf8), to: temporary)
        guard rename(temporary, keptPath) == 0 else {
            throw .io("cannot rename \(temporary) to \(keptPath): \(String(cString: strerror(errno)))")
        }
    }
}
