import Basics
import CLinux
import NFCCore
import PN532
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `door run`'s loop: one thread, one ppoll(2) over the signal fd, the reader's fd and the
/// input lines' edge fds, with the earliest deadline (relay, feedback, alarm, presence and
/// health checks, input debounce or samples, watchdog ping, dispatched commands) as its
/// timeout.
public final class DoorDaemon {
    /// What the loop asks of the world outside the engine.
    public struct Hooks {
        /// Sends a systemd notification (`READY=1`, `WATCHDOG=1`, `STATUS=…`).
        public var notify: (String) -> Void
        /// How often to ping the systemd watchdog; nil when it is off.
        public var watchdogInterval: Duration?
        /// Rereads the configuration and applies what can be applied; returns what happened,
        /// for the log.
        public var reload: () -> String
        /// A line for the operational log (stderr).
        public var log: (String) -> Void
        /// Other deadlines (dispatched commands) and their service.
        public var background: (deadline: () -> MonotonicTime?, service: (MonotonicTime) -> Void)?

        /// Hooks.
        public init(notify: @escaping (String) -> Void, watchdogInterval: Duration?, reload: @escaping () -> String, log: @escaping (String) -> Void, background: (deadline: () -> MonotonicTime?, service: (MonotonicTime) -> Void)? = nil) {
            self.notify = notify
            self.watchdogInterval = watchdogInterval
            self.reload = reload
            self.log = log
            self.background = background
        }
    }

    /// Why the loop ended.
    public enum Ending: Equatable, Sendable {
        /// SIGTERM, SIGINT, SIGQUIT or SIGABRT.
        case signal(Int32)
        /// The signal fd could not be read or polled; errno.
        case failure(String)
    }

    private let engine: DoorEngine
    private var inputs: InputMonitor?
    private let signals: Int32
    private var hooks: Hooks
    private var nextPing: MonotonicTime?

    /// A loop over `engine`; `signals` is a signalfd for SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGABRT (and
    /// SIGCHLD, which services `hooks.background` at once).
    public init(engine: DoorEngine, inputs: InputMonitor?, signals: Int32, hooks: Hooks) {
        self.engine = engine
        self.inputs = inputs
        self.signals = signals
        self.hooks = hooks
    }

    /// Runs until SIGTERM, SIGINT, SIGQUIT or SIGABRT. The relay is locked on every way out.
    public func run() -> Ending {
        defer { engine.lock(because: "stopping") }
        let start = MonotonicTime.monotonicNow()
        nextPing = hooks.watchdogInterval.map { start + $0 }
        for event in inputs?.initialEvents ?? [] { engine.handle(event) }
        engine.betweenTagCommands = { [unowned self] in self.serviceBetweenTagCommands() }
        defer { engine.betweenTagCommands = {} }
        hooks.notify("READY=1\nSTATUS=waiting for tags")
        while true {
            let now = MonotonicTime.monotonicNow()
            let deadline = [engine.nextDeadline, inputs?.nextSample, nextPing, hooks.background?.deadline()]
                .compactMap { $0 }.min() ?? now + .seconds(60)
            let readerDescriptor = engine.reader.pollDescriptor
            var descriptors = [Poll.entry(signals, POLLIN)]
            if let readerDescriptor { descriptors.append(Poll.entry(readerDescriptor, POLLIN)) }
            let firstInput = descriptors.count
            descriptors += (inputs?.descriptors ?? []).map { Poll.entry($0, POLLIN) }
            if readerDescriptor == nil, engine.reader.isWaitingForTag {
                // No descriptor (I2C): the link is waited on in short slices between looks at the other fds.
                engine.step(until: min(deadline, now + .milliseconds(50)))
                _ = try? Poll.wait(&descriptors, timeout: .zero)
            } else {
                do throws(Errno) {
                    try Poll.wait(&descriptors, timeout: deadline - now)
                } catch {
                    return .failure("ppoll: errno \(error.rawValue)")
                }
                let readable = readerDescriptor != nil && descriptors[1].revents != 0
                engine.step(until: MonotonicTime.monotonicNow(), readable: readable)
            }
            if descriptors[0].revents != 0, let ending = handleSignals() { return ending }
            let edges = descriptors[firstInput...].contains { $0.revents != 0 }
            service(at: MonotonicTime.monotonicNow(), edges: edges)
        }
    }

    private func handleSignals() -> Ending? {
        while true {
            let signal = clinux_read_signal(signals)
            switch signal {
            case 0: return nil
            case SIGHUP:
                hooks.notify("RELOADING=1")
                hooks.log(hooks.reload())
                hooks.notify("READY=1")
            case SIGTERM, SIGINT, SIGQUIT, SIGABRT:
                hooks.notify("STOPPING=1")
                return .signal(signal)
            case SIGCHLD:
                hooks.background?.service(MonotonicTime.monotonicNow())
            case -1: return .failure("reading the signal fd: errno \(errno)")
            default: continue
            }
        }
    }

    /// During a tag read, between two tag commands: the inputs' waiting edges (a zero-timeout
    /// poll of their descriptors) or due samples, the watchdog and dispatched commands.
    private func serviceBetweenTagCommands() {
        var descriptors = (inputs?.descriptors ?? []).map { Poll.entry($0, POLLIN) }
        if !descriptors.isEmpty { _ = try? Poll.wait(&descriptors, timeout: .zero) }
        service(at: MonotonicTime.monotonicNow(), edges: descriptors.contains { $0.revents != 0 })
    }

    private func service(at now: MonotonicTime, edges: Bool) {
        if let inputs, edges || inputs.nextSample.map({ now >= $0 }) == true {
            do {
                for event in try edges ? inputs.edgesArrived(at: now) : inputs.sample(at: now) { engine.handle(event) }
            } catch {
                hooks.log("error: reading the inputs: \(error)")
            }
        }
        if let ping = nextPing, now >= ping, let interval = hooks.watchdogInterval {
            hooks.notify("WATCHDOG=1")
            nextPing = now + interval
        }
        if let background = hooks.background, let deadline = background.deadline(), now >= deadline {
            background.service(now)
        }
    }
}
