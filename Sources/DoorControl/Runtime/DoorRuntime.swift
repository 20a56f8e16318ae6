import Basics
import DaemonKit
import DoorRecords
import GPIO
import NFCCore
import PN532Reader
import POSIXIO
import SystemPackage
import TOML

#if canImport(Glibc)
import Glibc
#endif

/// What `door run` does beside the engine: reloading the configuration on SIGHUP, sending
/// each decided presentation to the hook runner (the door runs no programs itself), and
/// recording lockouts.
package final class DoorRuntime {
    /// The configuration in force.
    package private(set) var config: DoorConfig
    private let path: String
    private let boards: String?
    let engine: DoorEngine
    private let decider: PolicyDecider
    let journal: DaemonJournal
    private let log: OperationalLog
    private var hookSender: HookEventSender?
    /// When the fleet snapshot's age is checked next: at the start, after a reload, then hourly.
    private var nextStalenessCheck = MonotonicTime.monotonicNow()
    private var lockedOutUntil: Duration?
    /// Where the copy of the lines for `door release` is kept, refreshed when a reload changes them.
    private let release: OutputRelease?
    /// Why the last reload kept the configuration in force; nil when it applied (or none ran).
    package private(set) var lastReloadRefusal: String?
    /// The state directory (`--state-directory`), which holds the unlock nonces; nil: none.
    var stateDirectory: String? { release?.stateDirectory }
    /// Whether the wall clock is synchronised, which a remote unlock needs (the kernel's word;
    /// tests of the checks after it give their own answer).
    package var clockSynchronised: () -> Bool = { ClockSynchronisation.isSynchronised() }

    /// The runtime of `engine`, whose decider is `decider`, started from `config` read at
    /// `path`; `release` keeps the copy of the lines for `door release`.
    package init(
        config: DoorConfig, path: String, boards: String?, engine: DoorEngine, decider: PolicyDecider, journal: DaemonJournal, log: OperationalLog,
        release: OutputRelease? = nil
    ) {
        self.release = release
        self.config = config
        self.path = path
        self.boards = boards
        self.engine = engine
        self.decider = decider
        self.journal = journal
        self.log = log
        hookSender = config.hooks.socket.map { HookEventSender(path: $0) }
    }

    // MARK: - Reload

    /// Reads the configuration again and, when all of it is valid (key file included), puts
    /// what `ConfigChanges` calls live in force at once (users, security, relay timing,
    /// inputs' timing, feedback patterns, the reader's timing and families, the hook socket);
    /// otherwise keeps the configuration in force. Either way the audit log says which.
    /// Changed devices, lines and files take effect at the next start, and the log says so;
    /// changed outputs rewrite the copy `door release` reads at once.
    package func reload() -> String {
        let next: DoorConfig
        let policy: DoorPolicy
        do throws(ConfigError) {
            next = try DoorConfig.load(path: path, boardsDirectory: boards)
            try Self.checkFleetVersion(of: next, against: config)
            policy = try DoorPolicy(loading: next, from: path)
            _ = try Self.checkedDevice(next)
        } catch {
            journal.append(.configuration(at: AuditTime.now(), path: path, rejection: error.description))
            log.write(.error, "reload: \(error); the previous configuration stays in force")
            lastReloadRefusal = error.description
            return "configuration not reloaded"
        }
        let changes = ConfigChanges(from: config, to: next)
        // The control socket is listening already: a new path or account takes effect at the next start.
        let controlChanged = next.fleet?.control != config.fleet?.control
        lastReloadRefusal = nil
        recordFleet(next)
        nextStalenessCheck = MonotonicTime.monotonicNow()
        decider.reload(policy)
        engine.controller.settings = DoorController.Settings(next)
        engine.reader.timing = next.readerTiming
        engine.reader.readsMessage = next.needsMessage
        engine.reader.readsSignature = next.security.requireGenuine
        engine.reader.keyedCards = policy.proofRequests
        engine.reader.pollsOtherFamilies = next.reader.pollsOtherFamilies
        if ReleaseLines(next) != ReleaseLines(config) { keepLines(next) }
        config = next
        journal.append(.configuration(at: AuditTime.now(), path: path, rejection: nil))
        let restart = changes.restart + (controlChanged ? ["fleet.control_socket or uplink_user"] : [])
        if !restart.isEmpty {
            log.write(.warning, "reload: \(restart.joined(separator: ", ")) changed; that takes effect at the next start (systemctl restart pn532ctl-door)")
        }
        if next.hooks.socket != hookSender?.path { hookSender = next.hooks.socket.map { HookEventSender(path: $0) } }
        return "configuration reloaded: \(next.users.count) user\(next.users.count == 1 ? "" : "s")\(next.hooks.socket.map { ", hook events to \($0)" } ?? "")"
    }

    /// Refuses a fleet snapshot older than the one in force, or another one of the same
    /// version: whoever can write the snapshot file could otherwise bring back a signed list
    /// from before a card was revoked.
    package static func checkFleetVersion(of next: DoorConfig, against current: DoorConfig) throws(ConfigError) {
        guard let new = next.fleet, let old = current.fleet else { return }
        try FleetAppliedRecord(old).check(new)
    }

    /// Records the fleet snapshot in force in the state directory, for the next start.
    private func recordFleet(_ next: DoorConfig) {
        guard let fleet = next.fleet, fleet != config.fleet, let directory = release?.stateDirectory else { return }
        do throws(AtomicCreateError) { try FleetAppliedRecord(fleet).save(to: directory) } catch {
            log.write(.warning, "reload: \(error): the next start does not know snapshot version \(fleet.version) was applied")
        }
    }

    /// Rewrites the kept copy with `next`'s outputs, so that `door release` drives the lines
    /// and polarity of the file in force (the running door keeps its lines until a restart).
    private func keepLines(_ next: DoorConfig) {
        guard let release else { return }
        do throws(DoorError) {
            try release.keep(ReleaseLines(next))
            log.write(.notice, "reload: the outputs changed; door release now drives those of \(path)")
        } catch {
            log.write(.warning, "reload: \(error): door release may drive the outputs of the previous file")
        }
    }

    /// The reader's device, checked as a configuration error naming the file and line.
    static func checkedDevice(_ config: DoorConfig) throws(ConfigError) -> DeviceSpec {
        do throws(DoorError) { return try DoorPreflight.device(config.reader, at: config.keyLines.place) } catch {
            throw ConfigError(message: error.description)
        }
    }

    // MARK: - The fleet snapshot's age

    /// How often the alarm of a stale snapshot is repeated.
    static let stalenessInterval: Duration = .seconds(3600)

    /// The next staleness check, for the loop's background deadline; nil without
    /// `fleet.stale_after_hours`.
    package func stalenessDeadline() -> MonotonicTime? {
        guard config.fleet?.staleAfter != nil else { return nil }
        return nextStalenessCheck
    }

    /// Raises the alarm when the snapshot in force is stale, at once after a start or reload
    /// and then at most once an hour. The door keeps deciding with the snapshot it has.
    package func checkStaleness(at now: MonotonicTime) {
        guard let fleet = config.fleet, fleet.staleAfter != nil else { return }
        guard now >= nextStalenessCheck else { return }
        nextStalenessCheck = now + Self.stalenessInterval
        if let alarm = fleet.staleness(at: AuditTime.now()) { log.write(.error, "ALARM: \(alarm)") }
    }

    // MARK: - Presentations

    /// Sends a decided presentation to the hook runner (without waiting; a full or missing
    /// runner drops it, counted) and records a lockout that began.
    package func presented(_ presentation: Presentation, _ decision: Decision) {
        recordLockout()
        let now = MonotonicTime.monotonicNow().sinceOrigin
        let state = decider.state
        guard let hookSender, let event = HookEvent(
            presentation: presentation, decision: decision, lockedOut: state.isLockedOut(at: now),
            tagLockedOut: state.tagLockedOut(presentation.uid, at: now) != nil)
        else { return }
        let before = hookSender.dropped
        switch hookSender.send(event) {
        case .sent:
            if before > 0 { log.write(.notice, "hook runner reachable again: \(before) event\(before == 1 ? "" : "s") dropped") }
        case .dropped(let code):
            if before == 0 {
                log.write(.warning, "hook event dropped: \(hookSender.path): \(code) (the hook runner is stopped, missing or behind); the door goes on")
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
