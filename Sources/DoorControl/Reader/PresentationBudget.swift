import Basics
import NFCCore

/// What one presentation may cost: tag commands and time. Past either, the tag is denied as
/// unreadable, so that no tag can hold the door's loop for long.
public struct PresentationBudget: Equatable, Sendable {
    /// The most tag commands (re-selections included) for reading a tag; writing a token
    /// back gets the same budget again.
    public var commands: Int
    /// The longest a read (or a write-back) may take.
    public var time: Duration

    /// A budget. The defaults hold any Type 2 read (GET_VERSION, READ, at most 4 FAST_READs,
    /// READ_SIG) several times over, and a token write-back.
    public init(commands: Int = 32, time: Duration = .milliseconds(1500)) {
        self.commands = commands
        self.time = time
    }
}

/// The tag exchange of one presentation, held to its budget: before every command after the
/// first it lets the door do what is due (`between`: relay and feedback deadlines, inputs),
/// then refuses the command once the budget is spent.
final class BudgetedExchange: TagExchange {
    private let inner: any TagExchange
    private let budget: PresentationBudget
    private let clock: () -> MonotonicTime
    private let between: () -> Void
    private var deadline: MonotonicTime
    /// Commands sent since the budget started.
    private(set) var commands = 0
    /// Why the budget ran out, once it has.
    private(set) var overrun: String?

    init(_ inner: any TagExchange, budget: PresentationBudget, clock: @escaping () -> MonotonicTime, between: @escaping () -> Void) {
        self.inner = inner
        self.budget = budget
        self.clock = clock
        self.between = between
        deadline = clock() + budget.time
    }

    var maximumCommandLength: Int { inner.maximumCommandLength }

    var maximumAnswerLength: Int { inner.maximumAnswerLength }

    /// Starts a fresh budget (for writing a token back after the decision).
    func renew() {
        commands = 0
        overrun = nil
        deadline = clock() + budget.time
    }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        try spend()
        return try inner.exchange(command, answer: answer)
    }

    func reselect() throws(TagExchangeError) {
        try spend()
        try inner.reselect()
    }

    func allowAnswerTime(_ time: Duration) {
        inner.allowAnswerTime(time)
    }

    private func spend() throws(TagExchangeError) {
        if commands > 0 { between() }
        if overrun == nil, commands >= budget.commands {
            overrun = "the presentation's budget of \(budget.commands) tag commands is spent: the tag is unreadable"
        }
        if overrun == nil, clock() >= deadline {
            overrun = "the presentation's budget of \(budget.time) is spent after \(commands) tag commands: the tag is unreadable"
        }
        if let overrun { throw .transport(TransportFailure(.budgetExhausted, overrun)) }
        commands += 1
    }
}
