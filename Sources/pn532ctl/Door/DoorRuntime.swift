import Basics
import DoorControl
import DoorRecords
import GPIO
import NFCCore
import PN532
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// What `door run` does beside the engine: reloading the configuration on SIGHUP, sending
/// each decided presentation to the hook runner (the door runs no programs itself), and
/// recording lockouts.
final class DoorRuntime {
    /// The configuration in force.
    private(set) var config: DoorConfig
    private let path: String
    private let boards: String?
    private let engine: DoorEngine
    private let decider: PolicyDecider
    private let journal: DaemonJournal
    private let log: OperationalLog
    private var hookSender: HookEventSender?
    private var lockedOutUntil: Duration?

    /// The runtime of `engine`, whose decider is `decider`, started from `config` read at `path`.
    init(config: DoorConfig, path: String, boards: String?, engine: DoorEngine, decider: PolicyDecider, journal: DaemonJournal, log: OperationalLog) {
        self.config = config
        self.path = path
        self.boards = boards
        self.engine = engine
        self.decider = decider
        self.journal = journal
        self.log = log
        hookSender = config.hooks.socket.flatMap { HookEventSender(path: $0) }
    }

    // MARK: - Reload

    /// Reads the configuration again and, when all of it is valid (key file included), puts
    /// users, security, relay timing, inputs' timing, feedback patterns and the hook socket in
    /// force at once; otherwise keeps the configuration in force. Either way the audit log
    /// says which. Changed devices and lines take effect at the next start.
    func reload() -> String {
        let next: DoorConfig
        let policy: DoorPolicy
        do throws(ConfigError) {
            next = try DoorConfig.load(path: path, boardsDirectory: boards)
            policy = try DoorPolicy(loading: next, from: path)
            _ = try Self.checkedDevice(next)
        } catch {
            journal.append(.configuration(at: AuditTime.now(), path: path, rejection: error.description))
            log.write(.error, "reload: \(error); the previous configuration stays in force")
            return "configuration not reloaded"
        }
        decider.reload(policy)
        engine.controller.settings = DoorController.Settings(next)
        engine.reader.timing = next.readerTiming
        engine.reader.readsMessage = next.needsMessage
        engine.reader.readsSignature = next.security.requireGenuine
        let restart = Self.restartOnlyChanges(from: config, to: next)
        config = next
        journal.append(.configuration(at: AuditTime.now(), path: path, rejection: nil))
        if !restart.isEmpty {
            log.write(.warning, "reload: \(restart.joined(separator: ", ")) changed; that takes effect at the next start (systemctl restart pn532ctl-door)")
        }
        if next.hooks.socket != hookSender?.path { hookSender = next.hooks.socket.flatMap { HookEventSender(path: $0) } }
        return "configuration reloaded: \(next.users.count) user\(next.users.count == 1 ? "" : "s")\(next.hooks.socket.map { ", hook events to \($0)" } ?? "")"
    }

    /// The reader's device, checked as a configuration error naming the file and line.
    static func checkedDevice(_ config: DoorConfig) throws(ConfigError) -> DeviceSpec {
        do throws(CLIError) { return try DeviceSpec.door(config.reader, at: config.keyLines.place("reader.device")) } catch {
            throw ConfigError(message: error.message)
        }
    }

    /// The sections that a running door keeps until it restarts (devices, lines, files).
    static func restartOnlyChanges(from old: DoorConfig, to new: DoorConfig) -> [String] {
        var changed: [String] = []
        if old.reader.device != new.reader.device || old.reader.baud != new.reader.baud
            || old.reader.irqLine != new.reader.irqLine || old.reader.resetLine != new.reader.resetLine { changed.append("[reader] device or lines") }
        if old.gpio != new.gpio { changed.append("[gpio]") }
        if old.relay.output != new.relay.output { changed.append("relay.line") }
        if old.inputs.exitButton != new.inputs.exitButton || old.inputs.doorContact != new.inputs.doorContact
            || old.inputs.doorbell != new.inputs.doorbell || old.inputs.debounce != new.inputs.debounce { changed.append("[inputs] lines") }
        if old.feedback.led != new.feedback.led || old.feedback.buzzer != new.feedback.buzzer { changed.append("[feedback] lines") }
        if old.audit != new.audit { changed.append("[audit]") }
        if old.security.counterFile != new.security.counterFile { changed.append("security.counter_file") }
        return changed
    }

    // MARK: - Presentations

    /// Sends a decided presentation to the hook runner (without waiting; a full or missing
    /// runner drops it, counted) and records a lockout that began.
    func presented(_ presentation: Presentation, _ decision: Decision) {
        recordLockout()
        guard let hookSender, let event = HookEvent(presentation: presentation, decision: decision, lockedOut: decider.state.isLockedOut(at: MonotonicTime.monotonicNow().sinceOrigin)) else { return }
        let before = hookSender.dropped
        switch hookSender.send(event) {
        case .sent:
            if before > 0 { log.write(.notice, "hook runner reachable again: \(before) event\(before == 1 ? "" : "s") dropped") }
        case .dropped(let code):
            if before == 0 {
                log.write(.warning, "hook event dropped: \(hookSender.path): \(Errno(rawValue: code)) (the hook runner is stopped, missing or behind); the door goes on")
            }
        }
    }

    private func recordLockout() {
        let state = decider.state
        guard let until = state.lockedOutUntil, until != lockedOutUntil, let since = state.lockedOutSince,
              let lockout = decider.policy.config.security.lockout else { return }
        lockedOutUntil = until
        let now = AuditTime.now()
        let end = AuditTime(epochSeconds: now.epochSeconds + (until - since).components.seconds, nanoseconds: now.nanoseconds)
        journal.append(.lockout(at: now, until: end, denials: lockout.globalDenials))
        log.write(.warning, "lockout: \(lockout.globalDenials) denials of any tags within \(lockout.window.components.seconds) s; presentations are ignored for \((until - since).components.seconds) s")
    }
}
