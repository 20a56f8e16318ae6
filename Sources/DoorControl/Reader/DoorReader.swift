import Basics
import EV2SecureMessaging
import NDEF
import NFCCore
import PN532Reader
import TagProtocols

/// The door's reader: `PN532Reader`'s field watcher (the chip waits for a tag; presence and
/// health checks; re-wake, RSTPD_N reset, reopen with backoff), with each new tag read once
/// per presentation for the decision.
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
        /// How long a tag may rest on the reader before it is reported `resting` and set
        /// aside; nil: never.
        public var restingAfter: Duration?

        /// The defaults, with the configured health-check interval.
        public init(healthInterval: Duration = .seconds(5)) {
            self.healthInterval = healthInterval
        }

        /// The field watcher's part.
        var field: FieldWatcher.Timing {
            var timing = FieldWatcher.Timing(presenceInterval: presenceInterval, healthInterval: healthInterval)
            timing.firstBackoff = firstBackoff
            timing.longestBackoff = longestBackoff
            timing.responseCompletion = responseCompletion
            timing.restingAfter = restingAfter
            return timing
        }
    }

    /// The connector used to open the reader.
    public let connector: ReaderConnector
    /// Timing.
    public var timing: Timing {
        didSet { watcher.timing = timing.field }
    }
    /// Read the originality signature of each tag (for `require_genuine`).
    public var readsSignature: Bool
    /// The challenge a card of each keyed family must answer (`[credentials.ntag424]`,
    /// `[credentials.desfire]`, `[credentials.ultralight_aes]`); a family without one is not
    /// challenged.
    public var keyedCards: [KeyedFamily: EV2ProofRequest] = [:]
    /// Read the NDEF message of each tag; off when every rule looks at the UID only, which
    /// saves the reads between anticollision and the decision.
    public var readsMessage = true
    /// Poll FeliCa, type B and Jewel between the waits for a type A tag; false: type A only.
    /// A change takes effect at the next wait for a tag.
    public var pollsOtherFamilies: Bool {
        get { watcher.pollsOtherFamilies }
        set { watcher.pollsOtherFamilies = newValue }
    }
    /// Called between the tag commands of a presentation and between the listings of a
    /// presence round: the door's loop services its deadlines (relay, feedback) and inputs
    /// there, however long the read or the round takes.
    public var betweenTagCommands: () -> Void = {}
    /// Why the last presentation's read ran out of budget; nil when it did not. Such a
    /// presentation is denied as unreadable.
    public private(set) var budgetOverrun: String?

    private let watcher: FieldWatcher
    private var tag: (any NDEFTag)?
    private var exchange: BudgetedExchange?
    private let clock: () -> MonotonicTime

    /// A reader that is not open yet; `clock` is the loop's clock (the link's own clock for
    /// the in-process simulator). The first `service` call opens it. With `pollsOtherFamilies`
    /// FeliCa, type B and Jewel cards are polled between the waits for a type A tag.
    public init(
        connector: ReaderConnector, timing: Timing, readsSignature: Bool, pollsOtherFamilies: Bool = true,
        clock: @escaping () -> MonotonicTime
    ) {
        self.connector = connector
        self.timing = timing
        self.readsSignature = readsSignature
        self.clock = clock
        watcher = FieldWatcher(connector: connector, timing: timing.field, clock: clock)
        watcher.pollsOtherFamilies = pollsOtherFamilies
        watcher.betweenCommands = { [weak self] in self?.betweenTagCommands() }
    }

    /// The time `service` has something to do without input from the chip.
    public var nextDeadline: MonotonicTime { watcher.nextDeadline }

    /// The descriptor to poll while the chip waits for a tag; nil when there is none to poll
    /// (then `service` must be called with a deadline to wait on the link itself).
    public var pollDescriptor: Int32? { watcher.pollDescriptor }

    /// True while the chip is waiting for a tag and the link can be waited on directly.
    public var isWaitingForTag: Bool { watcher.isWaitingForTag }

    /// Does what is due: collects a waiting tag, checks presence or health, or takes the next
    /// recovery step. On a link without a descriptor it waits on the link until `deadline` at
    /// most; on one with a descriptor it reads only when `readable` (poll(2) said so).
    public func service(until deadline: MonotonicTime, readable: Bool = false) -> [ReaderEvent] {
        // Listing the field again deselects the tag of the last presentation.
        if watcher.isPresenceCheckDue {
            tag = nil
            exchange = nil
        }
        var events: [ReaderEvent] = []
        for event in watcher.service(until: deadline, readable: readable) {
            switch event {
            case .opened(let name): events.append(.opened(name))
            case .arrived(let targets): events += present(targets.map(watcher.tag))
            case .removed(let target): events.append(.removed(uid: watcher.tag(target).info.identifier))
            case .resting(let target): events.append(.resting(uid: watcher.tag(target).info.identifier, after: timing.restingAfter ?? .zero))
            case .lost(let error):
                tag = nil
                exchange = nil
                events.append(.lost("\(error)"))
            case .recoveryFailed(let step, let reason): events.append(.recoveryFailed(step: step, reason: "\(reason)"))
            case .recovered(let step): events.append(.recovered(step: step))
            }
        }
        return events
    }

    /// Writes `message` to the tag of the presentation just reported (a token's counter in
    /// one of its slots: in place when the length is unchanged, `NDEFTag.updateNDEFMessage`),
    /// and verifies it. Throws when no tag is selected or the write failed.
    public func write(_ message: NDEFMessage) throws(TagFailure) {
        guard let tag else { throw TagFailure(.unsupported, "not supported by this tag: no tag is selected") }
        exchange?.renew()
        try tag.updateNDEFMessage(message)
    }

    /// Leaves the chip idle with the field off and closes the device.
    public func close() {
        watcher.close()
    }

    /// A presentation for tags new to the field: one is read (within the budget); several at
    /// once are presented as multiple tags.
    private func present(_ fresh: [FieldTag]) -> [ReaderEvent] {
        tag = nil
        exchange = nil
        budgetOverrun = nil
        guard let first = fresh.first, let firstExchange = first.exchange() else { return [] }
        if fresh.count > 1 {
            return [.presented(Presentation(uid: first.info.identifier, multipleTags: true))]
        }
        let budgeted = BudgetedExchange(
            firstExchange, budget: timing.budget, clock: clock,
            between: { [weak self] in self?.betweenTagCommands() })
        let reading = TagReading(
            exchange: budgeted, info: first.info, readMessage: readsMessage, readSignature: readsSignature, keyed: keyedCards)
        tag = reading.tag
        exchange = budgeted
        budgetOverrun = budgeted.overrun
        watcher.deferPresenceCheck()
        return [.presented(reading.presentation)]
    }
}
