import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// How a dispatched command ended, or why it never ran.
public enum DispatchOutcome: Equatable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exited(status: Int32)
    /// A signal that was not ours ended it.
    case signalled(Int32)
    /// It ran past its timeout and was killed.
    case killedAfterTimeout
    /// `posix_spawn` failed with this errno (no such program, not executable…).
    case spawnFailed(errno: Errno)
    /// Not started: this many commands were already running.
    case skipped(running: Int)

    /// From a `waitpid` status of a child not killed for its timeout.
    init(waitStatus status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited(status: (status >> 8) & 0xFF) : .signalled(signal)
    }

    public var description: String {
        switch self {
        case let .exited(status): "exited with status \(status)"
        case let .signalled(signal): "ended by signal \(signal)"
        case .killedAfterTimeout: "killed after its timeout"
        case let .spawnFailed(code): "could not start: \(code) (errno \(code.rawValue))"
        case let .skipped(running): "skipped: \(running) commands already running"
        }
    }
}

/// What became of one dispatched command.
public struct DispatchResult: Equatable, Sendable {
    /// The command.
    public var command: DispatchCommand
    /// Its process id, when it was started.
    public var pid: Int32?
    /// How it ended.
    public var outcome: DispatchOutcome

    /// A result.
    public init(command: DispatchCommand, pid: Int32?, outcome: DispatchOutcome) {
        self.command = command
        self.pid = pid
        self.outcome = outcome
    }
}
