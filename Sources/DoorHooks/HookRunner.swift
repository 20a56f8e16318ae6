import DoorRecords
import NFCCore

/// What the hook runner does with an event: the rules' commands for it (none during a
/// lockout, none for a denied tag unless a rule opts in), started within the limits of the
/// hook file (so many at once, so many a minute).
public final class HookRunner {
    /// What became of one command.
    public enum Report: Equatable, Sendable {
        /// Started with this pid.
        case started(DispatchCommand, pid: Int32)
        /// Not started: skipped (too many running) or could not be spawned.
        case notStarted(DispatchResult)
        /// Not started: `perMinute` hooks already started in the last minute.
        case rateLimited(DispatchCommand)
    }

    /// The rules and limits.
    public let file: HooksFile
    /// The running hooks.
    public let dispatcher: Dispatcher
    private var starts: [Duration] = []

    /// A runner for `file`.
    public init(file: HooksFile) {
        self.file = file
        dispatcher = Dispatcher(limit: file.maxRunning)
    }

    /// Starts the hooks `event` asks for at `now` (a monotonic time).
    public func handle(_ event: HookEvent, now: Duration) -> [Report] {
        starts.removeAll { now - $0 >= .seconds(60) }
        return DispatchCommand.commands(for: event, rules: file.hooks).map { command in
            guard starts.count < file.perMinute else { return .rateLimited(command) }
            switch dispatcher.start(command, now: now) {
            case .success(let pid):
                starts.append(now)
                return .started(command, pid: pid)
            case .failure(let failure):
                return .notStarted(failure.result)
            }
        }
    }
}
