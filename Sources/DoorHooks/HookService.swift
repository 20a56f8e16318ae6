import DaemonKit
import POSIXIO
import SystemPackage
import TOML

#if canImport(Glibc)
import Glibc
#endif

/// `door hooks`' composition root: the signals watched first, the hook file read, the runner
/// made a child subreaper, the socket bound, then the loop run until SIGTERM or SIGINT, the
/// running hooks killed on the way out.
public struct HookService {
    /// The hook runner's file.
    public var configPath: String
    /// The operational log.
    public var log: OperationalLog

    /// A service for the hook file at `configPath`.
    public init(configPath: String, log: OperationalLog) {
        self.configPath = configPath
        self.log = log
    }

    /// Runs the hook runner until SIGTERM or SIGINT; returns that signal.
    ///
    /// - Throws: `HookServiceError` when it cannot start.
    public func run() throws(HookServiceError) -> Int32 {
        let loop: EventLoop
        do throws(Errno) { loop = try EventLoop(signals: [SIGINT, SIGTERM, SIGHUP, SIGCHLD]) } catch { throw .signals(error) }
        let file: HooksFile
        do throws(ConfigError) { file = try HooksFile.load(path: configPath) } catch { throw .configuration(error) }
        if !Dispatcher.becomeSubreaper() {
            log.write(.warning, "cannot become a child subreaper: a hook's setsid children are left to the unit's KillMode=control-group")
        }
        guard let doorUID = AccountID.lookUp(file.doorUser)?.uid else { throw .noAccount("door_user", file.doorUser) }
        if doorUID == getuid() {
            log.write(.warning, "door_user \(file.doorUser) is the runner's own account: its hooks could send events as the door; give the door and the runner accounts of their own")
        }
        let hookAccount = try Self.hookAccount(file, doorUID: doorUID, log: log)
        let receiver: HookEventReceiver
        do throws(HookSocketError) { receiver = try HookEventReceiver(path: file.socket, doorUID: doorUID) } catch { throw .socket(error) }
        let hookLoop = HookLoop(runner: HookRunner(file: file, account: hookAccount), receiver: receiver, log: log)
        defer { hookLoop.stop() }
        _ = SystemdNotifier().notify("READY=1\nSTATUS=waiting for events")
        log.write(.notice, "hook runner started: \(file.hooks.count) hook\(file.hooks.count == 1 ? "" : "s"), events on \(file.socket) from uid \(doorUID) (\(file.doorUser)) only")
        let signal = hookLoop.run(in: loop)
        log.write(.notice, "stopping on \(signal == SIGINT ? "SIGINT" : "SIGTERM"): running hooks killed")
        return signal
    }

    /// The account of `run_as`, which must be neither the runner's nor the door's; nil (hooks
    /// run as the runner, with a warning) when the file names none.
    private static func hookAccount(_ file: HooksFile, doorUID: UInt32, log: OperationalLog) throws(HookServiceError) -> AccountID? {
        guard let name = file.runAs else {
            log.write(.warning, "hooks run as the runner's own account (no run_as in the hook file): a hook can signal the runner and reach its socket")
            return nil
        }
        guard let account = AccountID.lookUp(name) else { throw .noAccount("run_as", name) }
        guard account.uid != getuid(), account.uid != doorUID, account.uid != 0 else { throw .sharedAccount(name) }
        return account
    }
}

/// Why the hook runner cannot start.
public enum HookServiceError: Error, CustomStringConvertible {
    /// The signals cannot be watched.
    case signals(Errno)
    /// The hook file is invalid, missing or unreadable.
    case configuration(ConfigError)
    /// The socket cannot be made.
    case socket(HookSocketError)
    /// `door_user` or `run_as` (the key, the value) names no account.
    case noAccount(String, String)
    /// `run_as` names root, the runner's or the door's account.
    case sharedAccount(String)

    public var description: String {
        switch self {
        case .signals(let code): "cannot watch signals: \(code)"
        case .configuration(let error): error.description
        case .socket(let error): "\(error)"
        case let .noAccount(key, name): "\(key) \(name): no such account (getent passwd \(name)): " + (key == "run_as" ? "create the hooks' own account (scripts/install.sh makes pn532ctl-hook)" : "name the account the door runs as; events from no other uid are accepted")
        case .sharedAccount(let name): "run_as \(name): hooks need an account of their own, not root, the runner's or the door's"
        }
    }
}
