import ArgumentParser
import Basics
import CLinux
import DoorControl
import DoorRecords
import GPIO
import NFCCore
import PN532
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl door run`: the door access controller, for systemd or a terminal.
struct DoorRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the door access controller.",
        discussion: """
            Drives the relay, LED and buzzer released (locked) before anything else, from the \
            lines it kept at its last start and the relay section of FILE, even when the rest of \
            FILE is invalid (as door release does); then reads the configuration, requests the \
            relay line already released, keeps its lines in the state directory for door \
            release, and waits in one poll(2) for tags (the PN532 polls for them \
            itself), the inputs, signals and its deadlines. Each tag is decided once per \
            presentation and the decision appended to the audit log; a grant energises the \
            relay for relay.pulse seconds (or toggles it). The relay is released on SIGTERM, \
            SIGINT, SIGQUIT, SIGABRT (the systemd watchdog's signal) and every error; after a \
            SIGKILL or a crash the unit's ExecStopPost= (door release) releases it. SIGHUP rereads the configuration: a bad file keeps the \
            one in force. A reader that stops answering is woken again, reset through \
            RSTPD_N when reader.reset_line is set, then reopened with backoff; the door never \
            exits because of it. Under systemd (Type=notify) it reports READY, STATUS and \
            WATCHDOG pings itself. Operational messages go to standard error.

            Exit status: 0 after SIGTERM, 130 after SIGINT, 131 after SIGQUIT, 134 after \
            SIGABRT, 65 an invalid configuration, \
            66 a missing file, 69 a GPIO line that cannot be had, 74 a log or counter file \
            that cannot be used, 77 no permission.

            Examples:
              pn532ctl door run --config /etc/pn532ctl/door.toml
              pn532ctl door run --config door.toml --verbose
            """)

    @Option(help: ArgumentHelp("The configuration file.", valueName: "FILE"))
    var config = "/etc/pn532ctl/door.toml"

    @Option(help: ArgumentHelp("Where board profiles are looked up first (then boards/ beside FILE, then /usr/share/pn532ctl/boards).", valueName: "DIR"))
    var boards: String?

    @Option(help: ArgumentHelp("Where the lines it starts with are kept for door release (default: $STATE_DIRECTORY under systemd, else nowhere).", valueName: "DIR"))
    var stateDirectory: String?

    @Flag(help: "Also log tags leaving the field and other debug lines.")
    var verbose = false

    @Flag(help: "Print every PN532 frame on standard error.")
    var trace = false

    @Flag(help: "Begin with no token counters when security.counter_file does not exist (its first start, or after the file was lost: every token's next state is then trusted once).")
    var newCounters = false

    func run() throws {
        // Signals first, so that a SIGTERM during start-up is handled by the loop, relay locked.
        let signals = clinux_signal_fd_for_door()
        guard signals >= 0 else { throw CLIError.io("cannot watch signals: \(Errno.latest)") }
        defer { close(signals) }
        let log = OperationalLog(threshold: verbose ? .debug : .info)
        let release = OutputRelease(configPath: config, boards: boards, stateDirectory: OutputRelease.stateDirectory(stateDirectory))
        Self.releaseFirst(release, log: log)
        let door = try Self.load(config, boards: boards)
        let checked = try DoorPreflight(door, path: config, gpio: DoorLines.backend(door.gpio, clock: SystemGPIOClock()), newCounters: newCounters, missingCountersAllowed: false)
        let lines = try DoorLines(door, clock: SystemGPIOClock())
        defer { lines.releaseOutputs() }
        do throws(CLIError) { try release.keep(ReleaseLines(door)) } catch {
            log.write(.warning, "\(error.message): door release falls back to the relay section of \(config)")
        }
        let policy = checked.policy
        let spec = checked.spec
        let store = CounterStore(path: door.security.counterFile)
        let counters = checked.counters
        let audit: AuditLog
        do throws(AuditLogError) { audit = try AuditLog(door.audit) } catch { throw CLIError.io("audit.path: \(error)") }
        defer { audit.close() }
        let journal = DaemonJournal(audit: audit, log: log, onFailure: door.audit.onFailure)
        defer { journal.flush() }

        let connector = DeviceConnector(spec: spec, irq: lines.irq, reset: lines.reset, clock: SystemGPIOClock(), trace: trace ? TracePrinter().print : nil)
        let reader = DoorReader(connector: connector, timing: door.readerTiming, readsSignature: door.security.requireGenuine,
            pollsOtherFamilies: door.reader.pollsOtherFamilies, clock: MonotonicTime.monotonicNow)
        reader.readsMessage = door.needsMessage
        defer { reader.close() }
        let decider = PolicyDecider(policy: policy, state: DecisionState(counters: counters), store: store)
        decider.onAlarm = { log.write(.error, "ALARM: \($0)") }
        let engine = DoorEngine(
            reader: reader, controller: DoorController(settings: DoorController.Settings(door)), decider: AuditGate(decider, journal: journal),
            journal: journal, outputs: lines.outputs, clock: MonotonicTime.monotonicNow)
        engine.lock(because: "start")
        let inputs = try lines.inputMonitor(debounce: door.inputs.debounce, now: .monotonicNow())
        let runtime = DoorRuntime(config: door, path: config, boards: boards, engine: engine, decider: decider, journal: journal, log: log)
        engine.onPresentation = runtime.presented

        let notifier = SystemdNotifier()
        let daemon = DoorDaemon(engine: engine, inputs: inputs.isEmpty ? nil : inputs, signals: signals, hooks: DoorDaemon.Hooks(
            notify: { _ = notifier.notify($0) }, watchdogInterval: notifier.watchdogInterval, reload: runtime.reload,
            log: { log.write(.notice, $0) }))
        let key = try? door.security.keyFile.map { path throws(ConfigError) in try KeyFile.read(path) }
        for warning in door.securityWarnings(key: key ?? nil) { log.write(.warning, warning) }
        log.write(.notice, "door controller started: reader \(spec), relay \(door.relay.output.line) released (locked), \(door.users.count) user\(door.users.count == 1 ? "" : "s"), audit log \(door.audit.path)")
        switch daemon.run() {
        case .signal(let signal):
            let name = [SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGABRT: "SIGABRT"][signal] ?? "SIGTERM"
            lines.releaseOutputs()
            log.write(signal == SIGTERM || signal == SIGINT ? .notice : .error, "stopping on \(name): relay released (locked)")
            if signal != SIGTERM { throw ExitCode(128 + signal) }
        case .failure(let reason):
            log.write(.error, "\(reason): relay released (locked), stopping")
            throw CLIError.io(reason)
        }
    }

    /// Drives the outputs released before the configuration is read, logging what was done;
    /// a failure is a warning (the relay is requested released again once the file is read).
    static func releaseFirst(_ release: OutputRelease, log: OperationalLog) {
        let outcome = release.run()
        for line in outcome.released { log.write(.info, "before start: \(line)") }
        for problem in outcome.problems { log.write(.warning, "before start: \(problem)") }
    }

    /// The configuration, or its error with its exit status.
    static func load(_ path: String, boards: String?) throws(CLIError) -> DoorConfig {
        do throws(ConfigError) { return try DoorConfig.load(path: path, boardsDirectory: boards) } catch { throw CLIError(error) }
    }
}
