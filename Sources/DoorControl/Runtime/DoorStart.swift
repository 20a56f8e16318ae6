import DoorRecords
import Basics
import DaemonKit
import GPIO
import NFCCore
import PN532Reader
import POSIXIO
import SystemPackage
import TOML

#if canImport(Glibc)
import Glibc
#endif

/// Where a key stands in a configuration file, for errors found after it was loaded: maps
/// `reader.device` to `door.toml:4: reader.device`.
public typealias KeyPlaces = (_ key: String) -> String

/// `door run`'s composition root, in its fail-secure order: the signals are watched first
/// (a SIGTERM during the start is handled by the loop, relay locked); the outputs are driven
/// released from the lines kept at the last start and the relay section of the file, even
/// when the rest of it is invalid; then the configuration is read and checked, the relay
/// requested already released, the lines kept for `door release`, a counter file that begins
/// afresh created (the first start: see `DoorPreflight`), the audit log opened, the
/// reader, decider, engine and inputs made, and the loop run until a stopping signal.
public struct DoorStart {
    /// The configuration file.
    public var configPath: String
    /// Where board profiles are looked up first.
    public var boards: String?
    /// Where the lines it starts with are kept for `door release`; nil: nowhere.
    public var stateDirectory: String?
    /// Begin with no token counters when the counter file does not exist.
    public var newCounters: Bool
    /// The operational log.
    public var log: OperationalLog
    /// Opens the reader of a device, with its IRQ and RSTPD_N lines when wired.
    public var connector: (_ spec: DeviceSpec, _ irq: GPIOLine?, _ reset: GPIOLine?) -> ReaderConnector

    /// A start of the door at `configPath`.
    public init(
        configPath: String, boards: String?, stateDirectory: String?, newCounters: Bool, log: OperationalLog,
        connector: @escaping (_ spec: DeviceSpec, _ irq: GPIOLine?, _ reset: GPIOLine?) -> ReaderConnector
    ) {
        self.configPath = configPath
        self.boards = boards
        self.stateDirectory = stateDirectory
        self.newCounters = newCounters
        self.log = log
        self.connector = connector
    }

    /// Starts the door and runs it until SIGTERM, SIGINT, SIGQUIT or SIGABRT; returns that
    /// signal. The relay is released on every way out.
    ///
    /// - Throws: `DoorError` when the door cannot start, or when its loop fails (logged).
    public func run() throws(DoorError) -> Int32 {
        let loop: EventLoop
        do throws(Errno) { loop = try EventLoop(signals: DoorDaemon.signals) } catch { throw .signals(error) }
        let release = OutputRelease(configPath: configPath, boards: boards, stateDirectory: stateDirectory)
        release.releaseFirst(log: log)
        let door: DoorConfig
        do throws(ConfigError) {
            door = try DoorConfig.load(path: configPath, boardsDirectory: boards)
            try checkFleet(door)
        } catch {
            throw .configuration(error)
        }
        let checked = try DoorPreflight(
            door, path: configPath, gpio: DoorLines.backend(door.gpio, clock: SystemGPIOClock()),
            newCounters: newCounters, missingCountersAllowed: false)
        let lines = try DoorLines(door, clock: SystemGPIOClock())
        defer { lines.releaseOutputs() }
        if let fresh = checked.freshCounters {
            // Before the audit log is opened (and so created): a start cut short here finds
            // the counter file next time, never an audit log without one.
            do throws(CounterStoreError) { try CounterStore(path: door.security.counterFile).save([:]) } catch {
                throw .counters(place: door.keyLines.place("security.counter_file"), error)
            }
            log.write(.notice, "token counters \(fresh)")
        }
        do throws(DoorError) { try release.keep(ReleaseLines(door)) } catch {
            log.write(.warning, "\(error): door release falls back to the relay section of \(configPath)")
        }
        let audit: AuditLog
        do throws(AuditLogError) { audit = try AuditLog(door.audit) } catch { throw .audit(error) }
        defer { audit.close() }
        let journal = DaemonJournal(audit: audit, log: log, onFailure: door.audit.onFailure)
        defer { journal.flush() }
        if let fresh = checked.freshCounters {
            journal.append(AuditEntry(time: AuditTime.now(), event: .config, rule: "counters", reason: "token counters \(fresh)"))
        }

        let reader = DoorReader(
            connector: connector(checked.spec, lines.irq, lines.reset), timing: door.readerTiming,
            readsSignature: door.security.requireGenuine, pollsOtherFamilies: door.reader.pollsOtherFamilies, clock: MonotonicTime.monotonicNow)
        reader.readsMessage = door.needsMessage
        reader.keyedCards = checked.policy.proofRequests
        defer { reader.close() }
        let decider = PolicyDecider(
            policy: checked.policy, state: DecisionState(counters: checked.counters), store: CounterStore(path: door.security.counterFile))
        let log = self.log
        decider.onAlarm = { log.write(.error, "ALARM: \($0)") }
        let engine = DoorEngine(
            reader: reader, controller: DoorController(settings: DoorController.Settings(door)), decider: AuditGate(decider, journal: journal),
            journal: journal, outputs: lines.outputs, clock: MonotonicTime.monotonicNow)
        engine.lock(because: "start")
        let inputs = try lines.inputMonitor(debounce: door.inputs.debounce, now: .monotonicNow())
        let runtime = DoorRuntime(config: door, path: configPath, boards: boards, engine: engine, decider: decider, journal: journal, log: log, release: release)
        engine.onPresentation = runtime.presented
        let control = try controlSocket(door)

        let notifier = SystemdNotifier()
        let daemon = DoorDaemon(engine: engine, inputs: inputs.isEmpty ? nil : inputs, loop: loop, hooks: DoorDaemon.Hooks(
            notify: { _ = notifier.notify($0) }, watchdogInterval: notifier.watchdogInterval, reload: runtime.reload,
            log: { log.write(.notice, $0) }, background: (deadline: runtime.stalenessDeadline, service: runtime.checkStaleness),
            control: control.map { socket in
                (descriptors: { socket.descriptors }, serve: { reload in socket.serve { runtime.answer($0, reload: reload) } })
            }))
        let key = try? door.security.keyFile.map { path throws(ConfigError) in try KeyFile.read(path) }
        for warning in door.securityWarnings(key: key ?? nil) { log.write(.warning, warning) }
        log.write(.notice, "door controller started: reader \(checked.spec), relay \(door.relay.output.line)\(door.gpio.isSimulated ? " (SIMULATED in \(door.gpio.simDirectory))" : "") released (locked), \(door.users.count) user\(door.users.count == 1 ? "" : "s"), audit log \(door.audit.path)")
        switch daemon.run() {
        case .signal(let signal):
            let name = [SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGABRT: "SIGABRT"][signal] ?? "SIGTERM"
            lines.releaseOutputs()
            log.write(signal == SIGTERM || signal == SIGINT ? .notice : .error, "stopping on \(name): relay released (locked)")
            return signal
        case .failure(let failure):
            let error = DoorError.loop(failure)
            log.write(.error, "\(error): relay released (locked), stopping")
            throw error
        }
    }

    /// The control socket `fleet.control_socket` names, listening; nil without one.
    private func controlSocket(_ door: DoorConfig) throws(DoorError) -> DoorControlSocket? {
        guard let config = door.fleet?.control else { return nil }
        do throws(ListenerError) {
            let socket = try DoorControlSocket(config, log: log)
            log.write(.notice, "control socket \(config.path): reload and status from uid \(config.uplinkUID) (\(config.uplinkUser)) only")
            return socket
        } catch {
            throw .controlSocket(place: door.keyLines.place("fleet.control_socket"), step: error.step, error.code)
        }
    }

    /// Refuses a fleet snapshot older than the one recorded as last in force in the state
    /// directory, and records this one (a record that cannot be written is a warning).
    private func checkFleet(_ door: DoorConfig) throws(ConfigError) {
        guard let fleet = door.fleet, let stateDirectory else { return }
        let record = try FleetAppliedRecord.load(from: stateDirectory)
        try record?.check(fleet)
        guard record != FleetAppliedRecord(fleet) else { return }
        do throws(AtomicCreateError) { try FleetAppliedRecord(fleet).save(to: stateDirectory) } catch {
            log.write(.warning, "\(error): a later start does not know snapshot version \(fleet.version) was applied")
        }
    }
}
