import CLinux
import NFCCore
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Runs hooks beside the hook runner's loop without ever blocking it.
///
/// `start` spawns a command and returns at once: no shell (the arguments go to the program as
/// they are), the command's environment and nothing else, its input on a pipe (or
/// `/dev/null`), standard output and error inherited (the journal), default signal
/// dispositions and an empty signal mask, and a process group of its own so a timeout kills
/// what it started too. Given an account, each command runs as that account: the child drops
/// privileges (setgroups, setgid, setuid, every capability cleared, checked) before exec, and
/// a drop that fails is a spawn failure: the command never runs as the runner. Every descriptor this project opens is close-on-exec, so nothing else
/// leaks into commands. At most `limit` run at once; more are skipped and reported. The loop
/// calls `service(now:)` on SIGCHLD and at `nextDeadline`: it reaps finished commands with
/// `waitpid(WNOHANG)`, SIGKILLs the process groups of those past their timeout, and kills
/// orphans: with the runner a child subreaper (`becomeSubreaper`), a hook's descendant that
/// left its process group (`setsid`) becomes the runner's child when its parent dies, and
/// any child that is not a running hook is killed and reaped. Under systemd the unit's
/// `KillMode=control-group` is the backstop for what escapes even that (a double fork racing
/// the sweep).
public final class Dispatcher {
    /// A started command not reaped yet.
    private struct Child {
        var command: DispatchCommand
        var pid: pid_t
        var deadline: Duration
        var killed: Bool
    }

    /// How soon a killed command is looked for again.
    static let reapRetry: Duration = .milliseconds(50)

    /// The most commands running at once.
    public let limit: Int
    /// The account commands run as; nil: this process's.
    package let account: AccountID?
    private var children: [Child] = []

    /// A dispatcher running at most `limit` commands at once.
    public init(limit: Int = 4) {
        self.limit = limit
        account = nil
    }

    /// A dispatcher running at most `limit` commands at once, each as `account`.
    package init(limit: Int = 4, account: AccountID?) {
        self.limit = limit
        self.account = account
    }

    /// How many commands are running (or killed and not yet reaped).
    public var running: Int { children.count }

    /// When `service(now:)` must next be called: the earliest timeout, or soon after a kill.
    public var nextDeadline: Duration? {
        children.map(\.deadline).min()
    }

    /// Starts `command` at `now` and returns at once: the process id, or the result of a
    /// command that could not start.
    public func start(_ command: DispatchCommand, now: Duration) -> Result<Int32, DispatchStartError> {
        guard children.count < limit else {
            return .failure(DispatchStartError(result: DispatchResult(command: command, pid: nil, outcome: .skipped(running: children.count))))
        }
        switch Self.spawn(command, as: account) {
        case .success(let pid):
            children.append(Child(command: command, pid: pid, deadline: now + command.timeout, killed: false))
            return .success(pid)
        case .failure(let failure):
            return .failure(DispatchStartError(result: DispatchResult(command: command, pid: nil, outcome: .spawnFailed(errno: failure.code))))
        }
    }

    /// Makes this process the reaper of its orphaned descendants (PR_SET_CHILD_SUBREAPER),
    /// so `killOrphans` finds a hook's `setsid` children. Returns false when Linux refuses.
    public static func becomeSubreaper() -> Bool {
        clinux_set_child_subreaper() == 0
    }

    /// Kills and reaps every child of this process that is not a running hook (orphaned
    /// descendants of hooks, with `becomeSubreaper`), until none is left; their pids.
    @discardableResult
    public func killOrphans() -> [Int32] {
        var killed: [Int32] = []
        for _ in 0..<64 {
            let orphans = Self.childProcesses().filter { pid in !children.contains { $0.pid == pid } }
            guard !orphans.isEmpty else { break }
            for pid in orphans {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                _ = try? retryingInterrupts { waitpid(pid, &status, 0) }
                killed.append(pid)
            }
        }
        return killed
    }

    /// The pids of this process's children (`/proc/self/task/PID/children`).
    static func childProcesses() -> [Int32] {
        guard let file = try? FileDescriptor.opening("/proc/self/task/\(getpid())/children", .readOnly) else { return [] }
        defer { file.closeQuietly() }
        let text = (try? file.readToEnd(limit: 1 << 20, chunk: 4096)) ?? []
        return text.split(separator: UInt8(ascii: " ")).compactMap { Int32(String(decoding: $0, as: UTF8.self)) }.filter { $0 > 0 }
    }

    /// Reaps the commands that ended and kills those past their deadline at `now`.
    public func service(now: Duration) -> [DispatchResult] {
        var results: [DispatchResult] = []
        var index = 0
        while index < children.count {
            if let result = reap(children[index]) {
                results.append(result)
                children.remove(at: index)
                continue
            }
            if children[index].deadline <= now {
                kill(-children[index].pid, SIGKILL)
                children[index].killed = true
                children[index].deadline = now + Self.reapRetry
                if let result = reap(children[index]) {
                    results.append(result)
                    children.remove(at: index)
                    continue
                }
            }
            index += 1
        }
        return results
    }

    /// Kills every command still running and waits for each (for shutdown): those that had
    /// ended report their status, the others `signalled(SIGKILL)`, or `killedAfterTimeout`
    /// when the timeout had already killed them.
    public func stopAll() -> [DispatchResult] {
        let stopping = children
        children.removeAll()
        return stopping.map { child in
            if let result = reap(child) { return result }
            kill(-child.pid, SIGKILL)
            var status: Int32 = 0
            _ = try? retryingInterrupts { waitpid(child.pid, &status, 0) }
            let outcome: DispatchOutcome = child.killed ? .killedAfterTimeout : DispatchOutcome(waitStatus: status)
            return DispatchResult(command: child.command, pid: child.pid, outcome: outcome)
        }
    }

    /// The result of `child` when it has ended, without waiting.
    private func reap(_ child: Child) -> DispatchResult? {
        var status: Int32 = 0
        let answer = try? retryingInterrupts { waitpid(child.pid, &status, WNOHANG) }
        guard answer == child.pid else { return nil }
        let outcome: DispatchOutcome = child.killed ? .killedAfterTimeout : DispatchOutcome(waitStatus: status)
        return DispatchResult(command: child.command, pid: child.pid, outcome: outcome)
    }

    /// Spawns `command` without a shell, as `account` when given; the pid or the errno.
    private static func spawn(_ command: DispatchCommand, as account: AccountID?) -> Result<pid_t, SpawnErrno> {
        let arguments = command.arguments
        guard let program = arguments.first else { return .failure(SpawnErrno(code: .invalidArgument)) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var input: (readEnd: FileDescriptor, writeEnd: FileDescriptor)?
        if command.input.isEmpty {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        } else {
            do throws(Errno) { input = try FileDescriptor.pipe(options: .closeOnExec) } catch { return .failure(SpawnErrno(code: error)) }
            posix_spawn_file_actions_adddup2(&actions, input?.readEnd.rawValue ?? -1, 0)
        }
        defer {
            input?.readEnd.closeQuietly()
            input?.writeEnd.closeQuietly()
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?] = command.environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        if let account {
            pid = clinux_spawn_as(program, argv, envp, input?.readEnd.rawValue ?? -1, account.uid, account.gid)
            guard pid > 0 else { return .failure(SpawnErrno(code: Errno(rawValue: errno))) }
        } else {
            let code = posixSpawn(program, argv, envp, &actions, &pid)
            guard code == 0 else { return .failure(SpawnErrno(code: Errno(rawValue: code))) }
        }
        if let input {
            // The input fits the pipe's buffer, so this write does not wait for the hook.
            _ = fcntl(input.writeEnd.rawValue, F_SETFL, O_NONBLOCK)
            _ = try? input.writeEnd.writeSome(command.input[...])
        }
        return .success(pid)
    }

    /// `posix_spawnp` as this process: a process group of its own, default signal
    /// dispositions, an empty mask; 0 or the errno.
    private static func posixSpawn(
        _ program: String, _ argv: [UnsafeMutablePointer<CChar>?], _ envp: [UnsafeMutablePointer<CChar>?],
        _ actions: inout posix_spawn_file_actions_t, _ pid: inout pid_t
    ) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        return posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    }

    private struct SpawnErrno: Error {
        var code: Errno
    }
}

/// A command that did not start: skipped or failed to spawn, with its result.
public struct DispatchStartError: Error, Equatable, Sendable {
    /// What to report.
    public var result: DispatchResult

    /// An error reporting `result`.
    public init(result: DispatchResult) {
        self.result = result
    }
}
