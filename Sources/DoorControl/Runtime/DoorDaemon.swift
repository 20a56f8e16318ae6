import Basics
import DaemonKit
import NFCCore
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `door run`'s loop: one thread, one wait of the event loop over its signals, the reader's
/// fd, the input lines' edge fds and the control socket's, with the earliest deadline (relay,
/// feedback, alarm, presence and health checks, input debounce or samples, watchdog ping, the
/// fleet snapshot's age) as its timeout.
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
        /// Another deadline (the fleet snapshot's age check) and its service.
        public var background: (deadline: () -> MonotonicTime?, service: (MonotonicTime) -> Void)?
        /// The control socket's descriptors, joining the wait, and its service when one is
        /// readable, given the loop's reload (SIGHUP's path) for a `reload` request.
        public var control: (descriptors: () -> [Int32], serve: (_ reload: () -> Void) -> Void)?

        /// Hooks.
        public init(
            notify: @escaping (String) -> Void, watchdogInterval: Duration?, reload: @escaping () -> String, log: @escaping (String) -> Void,
            background: (deadline: () -> MonotonicTime?, service: (MonotonicTime) -> Void)? = nil,
            control: (descriptors: () -> [Int32], serve: (_ reload: () -> Void) -> Void)? = nil
        ) {
            self.notify = notify
            self.watchdogInterval = watchdogInterval
            self.reload = reload
            self.log = log
            self.background = background
            self.control = control
        }
    }

    /// Why the loop ended.
    public enum Ending: Equatable, Sendable {
        /// SIGTERM, SIGINT, SIGQUIT or SIGABRT.
        case signal(Int32)
        /// The event loop's wait or its signals failed.
        case failure(EventLoopError)
    }

    private let engine: DoorEngine
    private var inputs: InputMonitor?
    private let loop: EventLoop
    private var hooks: Hooks
    private var nextPing: MonotonicTime?
    /// Start-up (or a reload) is over once the reader waits for a tag: its pages are then given back.
    private var startupPagesHeld = true

    /// The signals `loop` must watch: SIGINT, SIGTERM, SIGQUIT and SIGABRT stop the door,
    /// SIGHUP reloads, SIGCHLD services `hooks.background` at once.
    public static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGCHLD]

    /// A loop over `engine` waiting in `loop`, which watches `DoorDaemon.signals`.
    public init(engine: DoorEngine, inputs: InputMonitor?, loop: EventLoop, hooks: Hooks) {
        self.engine = engine
        self.inputs = inputs
        self.loop = loop
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
            if startupPagesHeld, engine.reader.isWaitingForTag {
                // What start-up ran (arguments, the configuration, the preflight, the reader's
                // start) would otherwise stay resident for the door's whole life.
                startupPagesHeld = false
                StartupPages.release()
            }
            let now = MonotonicTime.monotonicNow()
            let deadline = [engine.nextDeadline, inputs?.nextSample, nextPing, hooks.background?.deadline()]
                .compactMap { $0 }.min() ?? now + .seconds(60)
            let readerDescriptor = engine.reader.pollDescriptor
            let inputDescriptors = inputs?.descriptors ?? []
            let others = inputDescriptors + (hooks.control?.descriptors() ?? [])
            let wake: EventLoop.Wake
            do throws(EventLoopError) {
                if readerDescriptor == nil, engine.reader.isWaitingForTag {
                    // No descriptor (I2C): the link is waited on in short slices between looks at the other fds.
                    engine.step(until: min(deadline, now + .milliseconds(50)))
                    wake = (try? loop.wait(for: others, until: now)) ?? EventLoop.Wake(readable: [], signals: [])
                } else {
                    let all = (readerDescriptor.map { [$0] } ?? []) + others
                    let waited = try loop.wait(for: all, until: deadline)
                    let readable = readerDescriptor != nil && waited.readable[0]
                    engine.step(until: MonotonicTime.monotonicNow(), readable: readable)
                    wake = EventLoop.Wake(readable: Array(waited.readable.dropFirst(readerDescriptor == nil ? 0 : 1)), signals: waited.signals)
                }
            } catch {
                return .failure(error)
            }
            if let ending = handle(wake.signals) { return ending }
            service(at: MonotonicTime.monotonicNow(), edges: wake.readable.prefix(inputDescriptors.count).contains(true))
            if let control = hooks.control, wake.readable.dropFirst(inputDescriptors.count).contains(true) {
                control.serve { reloadNow() }
            }
        }
    }

    private func handle(_ signals: [Int32]) -> Ending? {
        for signal in signals {
            switch signal {
            case SIGHUP:
                reloadNow()
            case SIGTERM, SIGINT, SIGQUIT, SIGABRT:
                hooks.notify("STOPPING=1")
                return .signal(signal)
            case SIGCHLD:
                hooks.background?.service(MonotonicTime.monotonicNow())
            default: continue
            }
        }
        return nil
    }

    /// Reloads the configuration: on SIGHUP and on a control socket's `reload`.
    private func reloadNow() {
        hooks.notify("RELOADING=1")
        hooks.log(hooks.reload())
        hooks.notify("READY=1")
        startupPagesHeld = true
    }

    /// During a tag read, between two tag commands: the inputs' waiting edges (a zero-timeout
    /// poll of their descriptors) or due samples, the watchdog and the background deadline.
    private func serviceBetweenTagCommands() {
        let inputDescriptors = inputs?.descriptors ?? []
        service(at: MonotonicTime.monotonicNow(), edges: EventLoop.readable(inputDescriptors).contains(true))
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
