import DaemonKit
import GPIO
import POSIXIO
import SystemPackage
import TOML

#if canImport(Glibc)
import Glibc
#endif

/// Driving the door's outputs released (relay, LED, buzzer) without a valid configuration:
/// from the copy of the lines `door run` keeps in its state directory, and from the relay,
/// `[gpio]` and `[feedback]` sections of the file. Each line is requested as an output
/// already off, driven off once more and let go: Raspberry Pi kernels keep a character-device
/// output driven after it is released and sysfs keeps the value, so the level must be 0
/// before the line is let go.
public struct OutputRelease {
    /// The kept copy's name in the state directory.
    public static let keptFileName = "door-lines.toml"

    /// The configuration file.
    public var configPath: String
    /// Board profiles, as `--boards`.
    public var boards: String?
    /// Where `door run` keeps the lines it started with; nil when nothing is kept.
    public var stateDirectory: String?

    /// A release of the outputs `configPath` names (board profiles looked up in `boards`
    /// first), and of those kept in `stateDirectory`.
    public init(configPath: String, boards: String?, stateDirectory: String?) {
        self.configPath = configPath
        self.boards = boards
        self.stateDirectory = stateDirectory
    }

    /// What a release did.
    public struct Outcome {
        /// One line per output driven released ("relay.line GPIO17 released (from …)").
        public var released: [String] = []
        /// Why a source or a line could not be used.
        public var problems: [String] = []
        /// The first failure, when no relay was released, or the polarity conflicts (lines
        /// not driven).
        public var failure: DoorError?
        /// True when the relay was driven released, nothing failed and nothing conflicted.
        public var relayReleased = false
    }

    /// The kept copy's path.
    public var keptPath: String? {
        stateDirectory.map { $0 + "/" + Self.keptFileName }
    }

    /// The state directory from `--state-directory`, else systemd's `$STATE_DIRECTORY` (the
    /// first of its colon-separated list), else none.
    public static func stateDirectory(_ option: String?) -> String? {
        if let option { return option }
        guard let value = getenv("STATE_DIRECTORY") else { return nil }
        let first = String(cString: value).split(separator: ":").first.map(String.init)
        return first?.isEmpty == false ? first : nil
    }

    /// Releases the lines `ReleasePlan` picks from the kept copy and the file: the file's
    /// when it is readable (a line whose polarity differs in the copy is not driven and is a
    /// failure; a line only the copy names is skipped, said in `problems`), else the copy's.
    public func run() -> Outcome {
        run { DoorLines.backend($0, clock: SystemGPIOClock()) }
    }

    /// As `run()`, with the backends `backend` makes.
    package func run(backend: (GPIOConfig) -> GPIOBackend) -> Outcome {
        var outcome = Outcome()
        var kept: ReleasePlan.Source?
        var file: ReleasePlan.Source?
        if let keptPath, access(keptPath, F_OK) == 0 {
            do throws(ConfigError) { kept = ("kept copy \(keptPath)", try ReleaseLines.load(path: keptPath)) } catch {
                outcome.problems.append("the kept copy cannot be read: \(error)")
            }
        }
        do throws(ConfigError) {
            file = (configPath, try ReleaseLines.load(path: configPath, boardsDirectory: boards))
        } catch {
            outcome.problems.append("the relay cannot be read from \(configPath): \(error)")
            if kept == nil { outcome.failure = .configuration(error) }
        }
        let plan = ReleasePlan(kept: kept, file: file)
        outcome.problems += plan.skipped + plan.conflicts
        var relayFailures = 0
        for drive in plan.drives {
            let lineBackend = backend(drive.gpio)
            do throws(DoorError) {
                try Self.release(drive.key, drive.line, backend: lineBackend, chip: drive.gpio.chip)
                outcome.released.append("\(drive.key) \(drive.line.line) released (from \(drive.source))")
            } catch {
                outcome.problems.append("\(error) (from \(drive.source))")
                if drive.key == "relay.line" {
                    relayFailures += 1
                    if outcome.failure == nil { outcome.failure = error }
                }
            }
        }
        outcome.relayReleased = plan.drives.contains { $0.key == "relay.line" } && relayFailures == 0 && plan.conflicts.isEmpty
        if !plan.conflicts.isEmpty {
            outcome.failure = .releaseConflict(plan.conflicts)
        } else if outcome.relayReleased {
            outcome.failure = nil
        }
        return outcome
    }

    /// Requests `line` as an output already off, drives it off and lets go of it.
    private static func release(_ key: String, _ line: LineConfig, backend: GPIOBackend, chip: String?) throws(DoorError) {
        let requested = try DoorLines.request(key, line, .output(initiallyOn: false), backend: backend, chip: chip)
        do throws(GPIOError) {
            try requested.set(false)
        } catch {
            throw .line(key: key, line: line.line, error, otherBackend: DoorLines.otherBackend(than: backend))
        }
    }

    /// Keeps `lines` in the state directory for `door release`, replacing the previous copy
    /// atomically and durably (written beside it, fsync'd, renamed, the directory fsync'd), so
    /// that a crash or a power cut never leaves half a file.
    public func keep(_ lines: ReleaseLines) throws(DoorError) {
        guard let keptPath else { return }
        do throws(AtomicCreateError) {
            try AtomicCreate.create(keptPath, with: Array(lines.rendered.utf8), permissions: [.ownerReadWrite, .groupRead, .otherRead], replacing: true)
        } catch {
            throw .keep(error)
        }
    }

    /// Drives the outputs released before the configuration is read, logging what was done;
    /// a failure is a warning (the relay is requested released again once the file is read).
    func releaseFirst(log: OperationalLog) {
        let outcome = run()
        for line in outcome.released { log.write(.info, "before start: \(line)") }
        for problem in outcome.problems { log.write(.warning, "before start: \(problem)") }
    }
}
