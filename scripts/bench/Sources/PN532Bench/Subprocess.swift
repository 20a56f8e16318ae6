#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn: standard input and output on /dev/null,
/// standard error inherited so that its messages still show, or into a file.
final class Subprocess {
    /// The process id.
    let id: pid_t
    /// The wait status once the process has been reaped.
    private var waitStatus: Int32?

    /// Starts `executable` with `arguments`, `environment` (`NAME=value` entries that take
    /// precedence over this process's environment) and standard error into the file
    /// `standardError` when given.
    init(_ executable: String, _ arguments: [String], environment: [String] = [], standardError: String? = nil) throws(BenchError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        if let standardError {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = (environment + Self.inheritedEnvironment()).map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        let error = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard error == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(error)))") }
        id = pid
    }

    /// Runs `executable` to its end, as `init` starts it; anything but exit status 0 is an error.
    static func run(_ executable: String, _ arguments: [String], environment: [String] = [], standardError: String? = nil) throws(BenchError) {
        let status = try Subprocess(executable, arguments, environment: environment, standardError: standardError).wait()
        guard status == 0 else {
            let name = executable.split(separator: "/").last.map(String.init) ?? executable
            let outcome = status.map { "exit status \($0)" } ?? "killed by a signal"
            throw BenchError("`\(([name] + arguments).joined(separator: " "))` failed: \(outcome)")
        }
    }

    /// Waits for the process to end: its exit status, or nil when a signal ended it.
    @discardableResult
    func wait() -> Int32? {
        while waitStatus == nil {
            var status: Int32 = 0
            if waitpid(id, &status, 0) == id {
                waitStatus = status
            } else if errno != EINTR {
                break
            }
        }
        return waitStatus.flatMap(Self.exitStatus)
    }

    /// Whether the process has ended, without waiting.
    var hasExited: Bool {
        if waitStatus == nil {
            var status: Int32 = 0
            if waitpid(id, &status, WNOHANG) == id { waitStatus = status }
        }
        return waitStatus != nil
    }

    /// Asks the process to end (SIGTERM) unless it already has.
    func terminate() {
        if !hasExited { kill(id, SIGTERM) }
    }

    /// This process's environment entries.
    private static func inheritedEnvironment() -> [String] {
        var entries: [String] = []
        var entry = environ
        while let text = entry.pointee {
            entries.append(String(cString: text))
            entry += 1
        }
        return entries
    }

    /// WIFEXITED / WEXITSTATUS, which Swift does not import.
    private static func exitStatus(_ status: Int32) -> Int32? {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }
}
