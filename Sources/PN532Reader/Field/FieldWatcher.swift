import Basics
import NFCCore
import PN532

/// The reader's field, watched: waits for tags with the chip doing the polling, reports each
/// tag once when it arrives and once when it leaves, checks the chip's health while the field
/// is empty, and brings a reader that stopped answering back (re-wake, RSTPD_N reset, reopen
/// with backoff). The one watcher behind `scan --watch`, `flash`, the door and the Core
/// NFC-shaped reader sessions.
///
/// Every card family the PN532 polls is watched: the chip itself cycles through type A and
/// the `otherFamilies` (FeliCa 212/424, type B, Jewel) with InAutoPoll until a card comes,
/// the host asleep on the link meanwhile (``PN532Session/autoPollPeriod`` gives the latency of
/// each family); watching type A alone, the chip waits with an InListPassiveTarget that
/// answers when a tag comes. Either wait is cancelled only for the health check.
///
/// No card hides another: while tags are in the field, each presence round lists every
/// watched family, so a card of any family that arrives while another rests is reported
/// within one round (`Timing.presenceInterval`), and tags of different families that arrive
/// in the same round are one arrival of several tags. A card with a random UID (a phone) that
/// is listed again with a new one is the same card, not an arrival (see `update`). With
/// `Timing.restingAfter`, a tag that stays longer is reported `resting` once and set aside:
/// a type A or B card is halted (it answers no poll until it leaves the field and comes
/// back), a FeliCa card or a Jewel, which cannot be halted, stays listed and reported as
/// nothing new.
///
/// It never blocks for long: `service(until:readable:)` returns at its deadline, so that a
/// loop can wait on the reader's descriptor next to others (the door's `ppoll`), or
/// `next(until:)` waits on the reader's link itself. Errors never escape `service`: they
/// become `lost` and recovery events.
public final class FieldWatcher {
    /// Timing of presence checks, health checks and recovery.
    public struct Timing: Equatable, Sendable {
        /// How often the tags in the field are listed again (to see them leave, or others come).
        public var presenceInterval: Duration
        /// How often an idle reader is asked for its firmware version.
        public var healthInterval: Duration
        /// The first pause before reopening the device; doubled after each failure.
        public var firstBackoff: Duration = .seconds(1)
        /// The longest pause between reopening attempts.
        public var longestBackoff: Duration = .seconds(30)
        /// How long a response that has started arriving may take to complete.
        public var responseCompletion: Duration = .milliseconds(100)
        /// The longest wait on the link between two questions to `next(until:stop:)`'s `stop`:
        /// how soon another thread's request to stop is noticed.
        public var stopCheckInterval: Duration = .milliseconds(100)
        /// How long a tag may stay in the field before it is reported `resting` and set
        /// aside; nil: never.
        public var restingAfter: Duration?

        /// Timing with these intervals, and the door's backoff.
        public init(presenceInterval: Duration = .milliseconds(150), healthInterval: Duration = .seconds(5)) {
            self.presenceInterval = presenceInterval
            self.healthInterval = healthInterval
        }
    }

    private enum State {
        /// No working session; the next recovery step is due at `at`.
        case down(at: MonotonicTime, step: Int)
        /// A session was handed over started; the chip is to be armed.
        case starting
        /// InAutoPoll (or InListPassiveTarget, for type A alone) is pending in the chip; it is
        /// cancelled at `dueAt` for a health check.
        case armed(dueAt: MonotonicTime)
        /// Tags are in the field, each already reported; the field is listed again at `checkAt`.
        case present(checkAt: MonotonicTime)
    }

    /// What reopens the reader; nil for a session handed over (then a reader that stops
    /// answering is re-woken, never reopened).
    public let connector: ReaderConnector?
    /// Timing.
    public var timing: Timing
    /// The session while the reader works.
    public private(set) var session: PN532Session?
    /// The tags in the field as last listed (oldest arrival first), of any families; those of
    /// the family listed last in the round are selected by that listing, and so is every tag
    /// of an arrival.
    public private(set) var field: [ListedTarget] = []
    /// The families the chip polls for besides type A while the field is empty; empty to
    /// watch type A alone. A change takes effect at the next wait for a tag.
    public var otherFamilies: [PassiveModulation] {
        didSet { otherFamilies.removeAll { $0 == .typeA106 } }
    }

    /// Called between the listings of a presence round, so that a loop services its own
    /// deadlines (a door's relay) during a round of several commands.
    public var betweenCommands: () -> Void = {}

    private var state: State
    /// When each tag in the field arrived, by identifier.
    private var arrivals: [[UInt8]: MonotonicTime] = [:]
    /// The tags reported resting: set aside, never reported again while they stay.
    private var setAside: Set<[UInt8]> = []
    private var retriesSetting: UInt8?
    /// False until the reader has answered once: its first opening is no recovery.
    private var hasOpened: Bool
    private let clock: () -> MonotonicTime
    private let name: String

    /// A watcher of a reader that is not open yet; `clock` is the loop's clock (the link's own
    /// clock for the in-process simulator). The first `service` call opens it.
    public init(
        connector: ReaderConnector, timing: Timing, otherFamilies: [PassiveModulation] = PN532Session.otherModulations,
        clock: @escaping () -> MonotonicTime
    ) {
        self.connector = connector
        self.timing = timing
        self.otherFamilies = otherFamilies.filter { $0 != .typeA106 }
        self.clock = clock
        name = connector.name
        hasOpened = false
        state = .down(at: clock(), step: Self.reopenStep)
    }

    /// A watcher of `session`, open and started, on the link's clock. The first `service` call
    /// arms the chip.
    public init(session: PN532Session, timing: Timing, otherFamilies: [PassiveModulation] = PN532Session.otherModulations) {
        connector = nil
        self.timing = timing
        self.otherFamilies = otherFamilies.filter { $0 != .typeA106 }
        self.session = session
        clock = { session.link.now }
        name = session.link.name
        hasOpened = true
        state = .starting
    }

    /// The time `service` has something to do without input from the chip.
    public var nextDeadline: MonotonicTime {
        switch state {
        case .down(let at, _): at
        case .starting: clock()
        case .armed(let dueAt): dueAt
        case .present(let checkAt): checkAt
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

    /// True when the next `service` call lists the tags in the field again.
    public var isPresenceCheckDue: Bool {
        if case .present(let checkAt) = state { return clock() >= checkAt }
        return false
    }

    /// Does what is due: collects a waiting tag, checks presence or health, or takes the next
    /// recovery step. On a link without a descriptor it waits on the link until `deadline` at
    /// most; on one with a descriptor it reads only when `readable` (poll(2) said so).
    public func service(until deadline: MonotonicTime, readable: Bool = false) -> [FieldEvent] {
        switch state {
        case .down(let at, let step):
            guard clock() >= at else { return [] }
            return recover(step: step)
        case .starting:
            guard let session else { return recover(step: Self.reopenStep) }
            do throws(PN532Error) { try arm(session) } catch { return lose(error) }
            return []
        case .armed(let dueAt):
            if session?.link.pollDescriptor != nil, !readable, clock() < dueAt { return [] }
            return collect(until: min(deadline, dueAt), dueAt: dueAt)
        case .present(let checkAt):
            guard clock() >= checkAt else { return [] }
            return checkPresence()
        }
    }

    /// Waits on the reader's link until something happens in the field or `deadline` passes;
    /// no events at the deadline. For a loop that has nothing else to wait on (`scan --watch`,
    /// `flash`).
    ///
    /// - Throws: the reader's failure when it stops answering (the watcher is then down; a
    ///   later call takes the next recovery step, and returns at once while a reopening
    ///   waits for its backoff).
    public func next(until deadline: MonotonicTime) throws(PN532Error) -> [FieldEvent] {
        while true {
            let events = service(until: deadline, readable: true)
            for event in events { if case .lost(let error) = event { throw error } }
            if !events.isEmpty || clock() >= deadline { return events }
            if isWaitingForTag { continue }
            // Down with no link to wait on: the caller waits for the backoff.
            guard let session else { return [] }
            try idle(session, until: min(deadline, nextDeadline))
        }
    }

    /// Waits as `next(until:)` does, in waits on the link of at most
    /// `timing.stopCheckInterval`, asking `stop` before each: for a loop another thread may
    /// end or redirect (a reader session's `invalidate()` and `restartPolling()`). Returns no
    /// events once `stop` says so; an InListPassiveTarget left pending in the chip is collected
    /// by the next call, or cancelled by `close()` (or by closing the device).
    ///
    /// - Throws: the reader's failure, as `next(until:)`.
    public func next(until deadline: MonotonicTime, stop: () -> Bool) throws(PN532Error) -> [FieldEvent] {
        while !stop() {
            let sliceEnd = min(deadline, clock() + timing.stopCheckInterval)
            let events = try next(until: sliceEnd)
            // Back before the end of the slice with nothing: down, waiting for a backoff.
            if !events.isEmpty || clock() < sliceEnd || clock() >= deadline { return events }
        }
        return []
    }

    /// Forgets the tags in the field: those still there are reported arriving again at the next
    /// `service` call, which lists the field (Core NFC's `restartPolling`). Does nothing while
    /// the chip waits for a tag (the field is then empty) or the reader is down.
    public func forgetField() {
        guard case .present = state else { return }
        field = []
        arrivals = [:]
        setAside = []
        state = .present(checkAt: clock())
    }

    /// Lists the field again one presence interval from now, not earlier: after the tag that
    /// just arrived was read (which may have taken a while).
    public func deferPresenceCheck() {
        guard case .present = state else { return }
        state = .present(checkAt: clock() + timing.presenceInterval)
    }

    /// Lists the field at the next `service` call, not at the presence interval: the tags in
    /// it may have changed while the session was used for something else (a tag that left
    /// during a write).
    public func listAgain() {
        guard case .present = state else { return }
        state = .present(checkAt: clock())
    }

    /// Leaves the chip idle with the field off and closes the device (through the connector).
    public func close() {
        guard let session else { return }
        if session.pending != nil { try? session.cancel() }
        try? session.finish()
        connector?.disconnect(session)
        self.session = nil
    }

    // MARK: - Waiting for a tag

    private func collect(until deadline: MonotonicTime, dueAt: MonotonicTime) -> [FieldEvent] {
        guard let session else { return recover(step: Self.reopenStep) }
        do throws(PN532Error) {
            let limit = session.link.pollDescriptor == nil ? deadline : max(deadline, clock() + timing.responseCompletion)
            if let payload = try session.responseIfReady(until: min(limit, dueAt)) {
                return try update(session.waitedTargets(payload), session: session)
            }
            guard clock() >= dueAt else { return [] }
            try session.cancel()
            _ = try session.firmwareVersion()
            try arm(session)
            return []
        } catch {
            return lose(error)
        }
    }

    /// Has the chip wait for a card of every watched family (InAutoPoll; InListPassiveTarget
    /// with MaxRetries FF for type A alone) until the next health check.
    private func arm(_ session: PN532Session) throws(PN532Error) {
        guard !otherFamilies.isEmpty else {
            try setRetries(0xFF, session)
            try session.begin(.inListPassiveTarget(maxTargets: 2))
            state = .armed(dueAt: clock() + timing.healthInterval)
            return
        }
        try session.beginAutoPoll(watching: otherFamilies)
        state = .armed(dueAt: clock() + max(timing.healthInterval, PN532Session.autoPollCycle(watching: otherFamilies)))
    }

    private func setRetries(_ retries: UInt8, _ session: PN532Session) throws(PN532Error) {
        guard retriesSetting != retries else { return }
        try session.setPassiveActivationRetries(retries)
        retriesSetting = retries
    }

    // MARK: - Tags in the field

    /// One presence round: every watched family is listed, those with no tag in the field
    /// first with one activation attempt each, then those with tags in it with the retry an
    /// active card needs to answer again (type A last), so that a card of any family that came
    /// while another rests is seen. A card answering at both FeliCa rates counts once. A card
    /// set aside is halted right after its family's listing, while the chip still holds it.
    /// When tags arrived in a family listed before the last, that family is listed again so
    /// that the chip selects them for the reads that follow.
    private func checkPresence() -> [FieldEvent] {
        guard let session else { return recover(step: Self.reopenStep) }
        do throws(PN532Error) {
            let occupied = Set(field.map(\.modulation))
            let order = presenceOrder(occupied: occupied)
            var listings: [(modulation: PassiveModulation, targets: [ListedTarget])] = []
            for modulation in order {
                if !listings.isEmpty { betweenCommands() }
                try setRetries(occupied.contains(modulation) ? 0x01 : 0x00, session)
                let seen = Set(listings.flatMap { $0.targets.map(\.info.identifier) })
                listings.append((modulation, try listForPresence(modulation, session).filter { !seen.contains($0.info.identifier) }))
            }
            let known = Set(field.map(\.info.identifier))
            if let index = listings.firstIndex(where: { listing in listing.targets.contains { !known.contains($0.info.identifier) } }),
               index < listings.count - 1 {
                try setRetries(0x01, session)
                let others = Set(listings.enumerated().filter { $0.offset != index }.flatMap { $0.element.targets.map(\.info.identifier) })
                listings[index].targets = try listForPresence(listings[index].modulation, session).filter { !others.contains($0.info.identifier) }
            }
            return try update(listings.flatMap(\.targets), session: session)
        } catch {
            return lose(error)
        }
    }

    /// The families a presence round lists, in order: those with no tag in the field, then
    /// those with tags in it (`occupied`), type A last among either.
    private func presenceOrder(occupied: Set<PassiveModulation>) -> [PassiveModulation] {
        let watched = otherFamilies + [.typeA106]
        return watched.filter { !occupied.contains($0) } + watched.filter { occupied.contains($0) }
    }

    /// The tags `modulation` lists now (a timeout is an empty field), less those set aside
    /// that can be halted: those are released (type A: HLTA or DESELECT; type B: DESELECT),
    /// so they answer no poll until they leave the field.
    private func listForPresence(_ modulation: PassiveModulation, _ session: PN532Session) throws(PN532Error) -> [ListedTarget] {
        var targets: [ListedTarget]
        do throws(PN532Error) {
            targets = modulation == .typeA106
                ? try session.listPassiveTargets(maxTargets: 2, timeout: .seconds(1)).map(\.listed)
                : try session.listTargets(modulation, timeout: .seconds(1))
        } catch {
            guard case .timeout = error.kind else { throw error }
            return []
        }
        guard modulation == .typeA106 || modulation == .typeB106 else { return targets }
        for target in targets.reversed() where setAside.contains(target.info.identifier) {
            try session.release(target: target.number)
            targets.removeAll { $0.info.identifier == target.info.identifier }
            field.removeAll { $0.info.identifier == target.info.identifier }
            arrivals[target.info.identifier] = nil
            setAside.remove(target.info.identifier)
        }
        return targets
    }

    /// The field is now `targets`: removals, then the arrivals, then the tags that have rested
    /// too long; the chip is armed again when the field is empty.
    ///
    /// A card with a random UID that left while one with the same activation (ATQA, SAK, ATS)
    /// came is taken to be the same card listed again with a new UID: it keeps its place and
    /// its arrival time, and nothing is reported. A phone that rests on the reader is so one
    /// presentation, not one per round; a card swapped for another of the same model within
    /// one round is not reported, which can only deny it.
    private func update(_ targets: [ListedTarget], session: PN532Session) throws(PN532Error) -> [FieldEvent] {
        var removed = field.filter { old in !targets.contains { $0.info.identifier == old.info.identifier } }
        var fresh = targets.filter { new in !field.contains { $0.info.identifier == new.info.identifier } }
        var renamed: [[UInt8]: ListedTarget] = [:]
        for old in removed {
            guard let index = fresh.firstIndex(where: { Self.isSameRandomUIDCard($0, old) }) else { continue }
            renamed[old.info.identifier] = fresh.remove(at: index)
        }
        removed.removeAll { renamed[$0.info.identifier] != nil }
        for (old, new) in renamed {
            arrivals[new.info.identifier] = arrivals.removeValue(forKey: old)
            if setAside.remove(old) != nil { setAside.insert(new.info.identifier) }
        }
        field = field.compactMap { old in
            targets.first { $0.info.identifier == old.info.identifier } ?? renamed[old.info.identifier]
        } + fresh
        for gone in removed {
            arrivals[gone.info.identifier] = nil
            setAside.remove(gone.info.identifier)
        }
        let now = clock()
        for new in fresh { arrivals[new.info.identifier] = now }
        if field.isEmpty {
            try arm(session)
        } else {
            state = .present(checkAt: now + timing.presenceInterval)
        }
        return removed.map { .removed($0) } + (fresh.isEmpty ? [] : [.arrived(fresh)]) + restingTags(at: now)
    }

    /// The tags that have now stayed longer than `Timing.restingAfter`, each reported once and
    /// set aside.
    private func restingTags(at now: MonotonicTime) -> [FieldEvent] {
        guard let limit = timing.restingAfter else { return [] }
        let resting = field.filter { tag in
            !setAside.contains(tag.info.identifier) && arrivals[tag.info.identifier].map { now - $0 >= limit } == true
        }
        for tag in resting { setAside.insert(tag.info.identifier) }
        return resting.map { .resting($0) }
    }

    /// True when `new` and `old` are type A cards with random UIDs and the same activation.
    private static func isSameRandomUIDCard(_ new: ListedTarget, _ old: ListedTarget) -> Bool {
        guard case .nfcA(let listed) = new.info, case .nfcA(let known) = old.info, listed.hasRandomUID, known.hasRandomUID else { return false }
        return listed.atqa == known.atqa && listed.sak == known.sak && listed.ats == known.ats
    }

    /// Lets time pass on the link (real time on a device, virtual time on the in-process
    /// simulator); bytes that arrive meanwhile are not for a command and are dropped.
    private func idle(_ session: PN532Session, until deadline: MonotonicTime) throws(PN532Error) {
        while session.link.now < deadline {
            do throws(LinkError) { _ = try session.link.read(until: deadline) } catch {
                throw PN532Error(.link(error), command: nil, device: session.link.name)
            }
        }
    }

    // MARK: - Recovery

    private static let wakeStep = 0
    private static let resetStep = 1
    private static let reopenStep = 2

    private func lose(_ error: PN532Error) -> [FieldEvent] {
        let gone = field
        field = []
        arrivals = [:]
        setAside = []
        retriesSetting = nil
        state = .down(at: clock(), step: session == nil ? Self.reopenStep : Self.wakeStep)
        return gone.map { .removed($0) } + [.lost(error)]
    }

    private func recover(step: Int) -> [FieldEvent] {
        let stepName: String
        do throws(PN532Error) {
            switch step {
            case Self.wakeStep:
                stepName = "re-wake"
                guard let session else { return recover(step: Self.reopenStep) }
                try? session.discardInput()
                _ = try session.start()
            case Self.resetStep:
                stepName = "RSTPD_N reset"
                guard let session, let connector, try connector.resetChip() else { return recover(step: Self.reopenStep) }
                try? session.discardInput()
                _ = try session.start()
            default:
                stepName = hasOpened ? "reopen" : "open"
                guard let connector else {
                    throw PN532Error(.link(LinkError(.open, device: name, operation: "reopen: the session was handed over, there is no device to reopen")), command: nil, device: name)
                }
                if let session { connector.disconnect(session) }
                session = nil
                session = try connector.connect()
            }
            guard let session else { return [] }
            try arm(session)
            guard hasOpened else {
                hasOpened = true
                return [.opened(name)]
            }
            return [.recovered(step: stepName)]
        } catch {
            retriesSetting = nil
            let next = step + 1
            let backoff = next <= Self.reopenStep ? .zero : min(timing.longestBackoff, timing.firstBackoff * (1 << min(next - Self.reopenStep - 1, 16)))
            state = .down(at: clock() + backoff, step: next)
            return [.recoveryFailed(step: stepName, reason: error)]
        }
    }
}
