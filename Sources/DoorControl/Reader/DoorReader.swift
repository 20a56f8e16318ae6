import NDEF
import NFCCore
import PN532
import Type2

/// The door's reader: waits for a tag with the chip doing the polling, reads it once per
/// presentation, watches for its removal, checks the chip's health while idle, and brings a
/// reader that stopped answering back (re-wake, RSTPD_N reset, reopen with backoff).
///
/// It never blocks for long: `service(until:)` returns at its deadline, and a presentation is
/// held to a budget of tag commands and time (`Timing.budget`), with `betweenTagCommands`
/// called between its commands so the door services its deadlines and inputs during a read.
/// Each new UID in the field is a new presentation, so a tag left on the reader does not
/// keep others from being read. Errors never escape: they become `lost` and recovery events.
public final class DoorReader {
    /// Timing of presence checks, health checks and recovery.
    public struct Timing: Equatable, Sendable {
        /// How often a tag left on the reader is checked for.
        public var presenceInterval: Duration = .milliseconds(150)
        /// How often an idle reader is asked for its firmware version.
        public var healthInterval: Duration = .seconds(5)
        /// The first pause before reopening the device; doubled after each failure.
        public var firstBackoff: Duration = .seconds(1)
        /// The longest pause between reopening attempts.
        public var longestBackoff: Duration = .seconds(30)
        /// How long a response that has started arriving may take to complete.
        public var responseCompletion: Duration = .milliseconds(100)
        /// What reading one presentation may cost.
        public var budget = PresentationBudget()

        /// The defaults, with the configured health-check interval.
        public init(healthInterval: Duration = .seconds(5)) {
            self.healthInterval = healthInterval
        }
    }

    private enum State {
        /// No working session; the next recovery step is due at `at`.
        case down(at: MonotonicTime, step: Int)
        /// InListPassiveTarget is pending in the chip; health check due at `healthAt`.
        case armed(healthAt: MonotonicTime)
        /// Tags are in the field, each already presented; their presence (and new tags) are
        /// checked at `checkAt`.
        case present(uids: [[UInt8]], checkAt: MonotonicTime)
    }

    /// The connector used to open the reader.
    public let connector: ReaderConnector
    /// Timing.
    public var timing: Timing
    /// Read the originality signature of each tag (for `require_genuine`).
    public var readsSignature: Bool
    /// Read the NDEF message of each tag; off when every rule looks at the UID only, which
    /// saves the reads between anticollision and the decision.
    public var readsMessage = true
    /// The session while the reader works.
    public private(set) var session: PN532Session?
    /// Called between the tag commands of a presentation: the door's loop services its
    /// deadlines (relay, feedback) and inputs there, however long the read takes.
    public var betweenTagCommands: () -> Void = {}
    /// Why the last presentation's read ran out of budget; nil when it did not. Such a
    /// presentation is denied as unreadable.
    public private(set) var budgetOverrun: String?

    private var state: State
    private var tag: Type2Tag?
    private var exchange: BudgetedExchange?
    private var retriesSetting: UInt8?
    /// False until the reader has answered once: its first opening is no recovery.
    private var hasOpened = false
    private let clock: () -> MonotonicTime

    /// A reader that is not open yet; `clock` is the loop's clock (the link's own clock for
    /// the in-process simulator). The first `service` call opens it.
    public init(connector: ReaderConnector, timing: Timing, readsSignature: Bool, clock: @escaping () -> MonotonicTime) {
        self.connector = connector
        self.timing = timing
        self.readsSignature = readsSignature
        self.clock = clock
        state = .down(at: clock(), step: Self.reopenStep)
    }

    /// The time `service` has something to do without input from the chip.
    public var nextDeadline: MonotonicTime {
        switch state {
        case .down(let at, _): at
        case .armed(let healthAt): healthAt
        case .present(_, let checkAt): checkAt
        }
    }

    /// The descriptor to poll while the chip waits for a tag; nil when there is none to poll
    /// (then `service` must be called with a deadline to wait on the link itself).
    public var pollDescriptor: Int32? {
        guard case .armed = state else { return nil }
        return session?.link.pollDescriptor
    }

    /// True while the chip is waiting for a tag and the link can be waited on directly.
    public var isWaitingForTag: Bool {
        if case .armed = state { return session != nil }
        return false
    }

    /// Does what is due: collects a waiting tag, checks presence or health, or takes the next
    /// recovery step. On a link without a descriptor it waits on the link until `deadline` at
    /// most; on one with a descriptor it reads only when `readable` (poll(2) said so).
    public func service(until deadline: MonotonicTime, readable: Bool = false) -> [ReaderEvent] {
        switch state {
        case .down(let at, let step):
            guard clock() >= at else { return [] }
            return recover(step: step)
        case .armed(let healthAt):
            if session?.link.pollDescriptor != nil, !readable, clock() < healthAt { return [] }
            return collect(until: min(deadline, healthAt), healthAt: healthAt)
        case .present(let uids, let checkAt):
            guard clock() >= checkAt else { return [] }
            return checkPresence(of: uids)
        }
    }

    /// Writes `message` to the tag of the presentation just reported (a token's counter in
    /// one of its slots: in place when the length is unchanged, `Type2Tag.updateNDEF`), and
    /// verifies it. Throws when no tag is selected or the write failed.
    public func write(_ message: NDEFMessage) throws(Type2Error) {
        guard let tag else { throw .unsupported("no tag is selected") }
        exchange?.renew()
        _ = try tag.updateNDEF(message)
    }

    /// Leaves the chip idle with the field off and closes the device.
    public func close() {
        guard let session else { return }
        if session.pending != nil { try? session.cancel() }
        try? session.finish()
        connector.disconnect(session)
        self.session = nil
    }

    // MARK: - Waiting for a tag

    private func collect(until deadline: MonotonicTime, healthAt: MonotonicTime) -> [ReaderEvent] {
        guard let session else { return lose("no session") }
        do throws(PN532Error) {
            let limit = session.link.pollDescriptor == nil ? deadline : max(deadline, clock() + timing.responseCompletion)
            if let payload = try session.responseIfReady(until: min(limit, healthAt)) {
                return try presentation(from: payload, session: session)
            }
            guard clock() >= healthAt else { return [] }
            try session.cancel()
            _ = try session.firmwareVersion()
            try arm(session)
            return []
        } catch {
            return lose(error.description)
        }
    }

    private func presentation(from payload: [UInt8], session: PN532Session) throws(PN532Error) -> [ReaderEvent] {
        let targets: [PassiveTarget]
        do throws(ReplyError) { targets = try PassiveTargetList(payload: payload).targets } catch {
            throw PN532Error(.reply(error), command: .inListPassiveTarget, device: session.link.name)
        }
        guard !targets.isEmpty else {
            try arm(session)
            return []
        }
        return present(targets, alreadyPresent: [], session: session)
    }

    /// A presentation for the tags among `targets` that are not `alreadyPresent`: one new tag
    /// is read (within the budget); several new ones at once are presented as multiple tags.
    private func present(_ targets: [PassiveTarget], alreadyPresent: [[UInt8]], session: PN532Session) -> [ReaderEvent] {
        let fresh = targets.filter { !alreadyPresent.contains($0.uid) }
        let uids = alreadyPresent.filter { uid in targets.contains { $0.uid == uid } } + fresh.map(\.uid)
        tag = nil
        exchange = nil
        budgetOverrun = nil
        state = .present(uids: uids, checkAt: clock() + timing.presenceInterval)
        guard let first = fresh.first else { return [] }
        if fresh.count > 1 {
            return [.presented(Presentation(uid: first.uid, multipleTags: true))]
        }
        let budgeted = BudgetedExchange(
            TargetExchange(session: session, target: first), budget: timing.budget, clock: clock,
            between: { [weak self] in self?.betweenTagCommands() })
        let reading = TagReading(exchange: budgeted, uid: first.uid, readMessage: readsMessage, readSignature: readsSignature)
        tag = reading.tag
        exchange = budgeted
        budgetOverrun = budgeted.overrun
        state = .present(uids: uids, checkAt: clock() + timing.presenceInterval)
        return [.presented(reading.presentation)]
    }

    private func arm(_ session: PN532Session) throws(PN532Error) {
        try setRetries(0xFF, session)
        try session.begin(.inListPassiveTarget(maxTargets: 2))
        state = .armed(healthAt: clock() + timing.healthInterval)
    }

    private func setRetries(_ retries: UInt8, _ session: PN532Session) throws(PN532Error) {
        guard retriesSetting != retries else { return }
        try session.setPassiveActivationRetries(retries)
        retriesSetting = retries
    }

    // MARK: - A tag in the field

    /// Lists the tags in the field: those gone are reported removed, a new one is a new
    /// presentation (a tag left on the reader does not keep others from being read).
    private func checkPresence(of uids: [[UInt8]]) -> [ReaderEvent] {
        guard let session else { return lose("no session") }
        do throws(PN532Error) {
            try setRetries(0x01, session)
            let targets: [PassiveTarget]
            do throws(PN532Error) {
                targets = try session.listPassiveTargets(maxTargets: 2, timeout: .seconds(1))
            } catch {
                guard case .timeout = error.kind else { throw error }
                targets = []
            }
            let removed = uids.filter { uid in !targets.contains { $0.uid == uid } }.map { ReaderEvent.removed(uid: $0) }
            guard !targets.isEmpty else {
                tag = nil
                exchange = nil
                try arm(session)
                return removed
            }
            return removed + present(targets, alreadyPresent: uids, session: session)
        } catch {
            return lose(error.description)
        }
    }

    // MARK: - Recovery

    private static let wakeStep = 0
    private static let resetStep = 1
    private static let reopenStep = 2

    private func lose(_ reason: String) -> [ReaderEvent] {
        let uids: [[UInt8]] = if case .present(let uids, _) = state { uids } else { [] }
        tag = nil
        exchange = nil
        retriesSetting = nil
        state = .down(at: clock(), step: session == nil ? Self.reopenStep : Self.wakeStep)
        return uids.map { .removed(uid: $0) } + [.lost(reason)]
    }

    private func recover(step: Int) -> [ReaderEvent] {
        let name: String
        do throws(PN532Error) {
            switch step {
            case Self.wakeStep:
                name = "re-wake"
                guard let session else { return recover(step: Self.reopenStep) }
                try? session.discardInput()
                _ = try session.start()
            case Self.resetStep:
                name = "RSTPD_N reset"
                guard let session, try connector.resetChip() else { return recover(step: Self.reopenStep) }
                try? session.discardInput()
                _ = try session.start()
            default:
                name = hasOpened ? "reopen" : "open"
                if let session { connector.disconnect(session) }
                session = nil
                session = try connector.connect()
            }
            guard let session else { return [] }
            try arm(session)
            guard hasOpened else {
                hasOpened = true
                return [.opened(connector.name)]
            }
            return [.recovered(step: name)]
        } catch {
            retriesSetting = nil
            let next = step + 1
            let backoff = next <= Self.reopenStep ? .zero : min(timing.longestBackoff, timing.firstBackoff * (1 << min(next - Self.reopenStep - 1, 16)))
            state = .down(at: clock() + backoff, step: next)
            return [.recoveryFailed(step: name, reason: error.description)]
        }
    }
}
