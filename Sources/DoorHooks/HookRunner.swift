import DoorRecords
import NFCCore
import POSIXIO

/// What the hook runner does with an event: the rules' commands for it (none during a
/// lockout of the door or of the tag, none for a denied tag unless a rule opts in), started
/// within the limits of the hook file: so many at once, and so many a minute from two separate
/// budgets, `per_minute` for granted tags and `denied_per_minute` for denied ones, so that a
/// stranger's tag cannot use up the hooks of granted users.
public final class HookRunner {
    /// What became of one command.
    public enum Report: Equatable, Sendable {
        /// Started with this pid.
        case started(DispatchCommand, pid: Int32)
        /// Not started: skipped (too many running) or could not be spawned.
        case notStarted(DispatchResult)
        /// Not started: the event's budget (`perMinute` for granted tags, `deniedPerMinute`
        /// for denied ones) was used up in the last minute.
        case rateLimited(DispatchCommand, granted: Bool)
    }

    /// The rules and limits.
    public let file: HooksFile
    /// The running hooks.
    public let dispatcher: Dispatcher
    private var grantedStarts: [Duration] = []
    private var deniedStarts: [Duration] = []

    /// A runner for `file`, its hooks run as `account` (nil: as this process).
    package init(file: HooksFile, account: AccountID? = nil) {
        self.file = file
        dispatcher = Dispatcher(limit: file.maxRunning, account: account)
    }

    /// Starts the hooks `event` asks for at `now` (a monotonic time).
    public func handle(_ event: HookEvent, now: Duration) -> [Report] {
        grantedStarts.removeAll { now - $0 >= .seconds(60) }
        deniedStarts.removeAll { now - $0 >= .seconds(60) }
        let budget = event.granted ? file.perMinute : file.deniedPerMinute
        return DispatchCommand.commands(for: event, rules: file.hooks).map { command in
            guard (event.granted ? grantedStarts : deniedStarts).count < budget else { return .rateLimited(command, granted: event.granted) }
            switch dispatcher.start(command, now: now) {
            case .success(let pid):
                if event.granted { grantedStarts.append(now) } else { deniedStarts.append(now) }
                return .started(command, pid: pid)
            case .failure(let failure):
                return .notStarted(failure.result)
            }
        }
    }
}
