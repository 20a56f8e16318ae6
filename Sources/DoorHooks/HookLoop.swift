import DoorRecords
import Basics
import DaemonKit
import NFCCore

#if canImport(Glibc)
import Glibc
#endif

/// The runner's loop: one wait of the event loop over its signals and the socket, until the
/// earliest hook timeout.
public final class HookLoop {
    private let runner: HookRunner
    private let receiver: HookEventReceiver
    private let log: OperationalLog
    /// Connections and messages refused since the last line about them, and when that line was written.
    private var refused = 0
    private var refusalLogged: Duration?

    /// The most messages and refused connections handled before the loop waits again.
    static let messagesPerWake = 64

    /// How often a line about refused connections is written at most.
    static let refusalLogInterval: Duration = .seconds(60)

    /// A loop starting `runner`'s hooks for the events `receiver` gets, logging to `log`.
    public init(runner: HookRunner, receiver: HookEventReceiver, log: OperationalLog) {
        self.runner = runner
        self.receiver = receiver
        self.log = log
    }

    private static func now() -> Duration {
        MonotonicTime.monotonicNow().sinceOrigin
    }

    /// Runs in `loop` until SIGTERM or SIGINT; returns the signal.
    public func run(in loop: EventLoop) -> Int32 {
        while true {
            let wake: EventLoop.Wake
            do throws(EventLoopError) {
                wake = try loop.wait(for: receiver.descriptors, until: runner.dispatcher.nextDeadline.map { MonotonicTime(nanoseconds: $0.nanoseconds) })
            } catch {
                return SIGTERM
            }
            if wake.readable.contains(true) { receive() }
            if let stop = wake.signals.first(where: { $0 == SIGTERM || $0 == SIGINT }) { return stop }
            service()
        }
    }

    /// Kills every running hook and what they left (shutdown).
    public func stop() {
        for result in runner.dispatcher.stopAll() { report(result) }
        killOrphans()
    }

    /// Handles what is waiting, at most `messagesPerWake` messages and refusals, so a flood of
    /// connections cannot keep the loop from the hooks' timeouts and the signals.
    private func receive() {
        for _ in 0..<Self.messagesPerWake {
            guard let message = receiver.receive() else { return }
            let bytes: [UInt8]
            switch message {
            case .fromDoor(let received):
                bytes = received
            case .refused(let refusal):
                refuse(refusal)
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self), let event = HookEvent(json: text) else {
                log.write(.warning, "ignored a message of \(bytes.count) bytes from the door that is not a door event")
                continue
            }
            let reports = runner.handle(event, now: Self.now())
            if reports.isEmpty {
                let why = event.lockout ? "the door is locked out" : event.tagLockout ? "the tag is locked out" : event.granted ? "no rule matches" : "denied, and no matching rule runs for anyone"
                log.write(.debug, "event for \(event.uid) (\(event.granted ? "granted" : "denied")): no hook: \(why)")
            }
            for report in reports {
                switch report {
                case let .started(command, pid):
                    log.write(.info, "hook \(command.rule + 1): started \(command.arguments.first ?? "") (pid \(pid)) for \(event.uid)")
                case let .notStarted(result):
                    log.write(.warning, "hook \(result.command.rule + 1): \(result.outcome)")
                case let .rateLimited(command, granted):
                    let budget = granted ? "\(runner.file.perMinute) hooks for granted tags (per_minute)" : "\(runner.file.deniedPerMinute) hooks for denied tags (denied_per_minute)"
                    log.write(.warning, "hook \(command.rule + 1): skipped: \(budget) already started in the last minute")
                }
            }
        }
    }

    /// Counts a refused connection or message; the first one, and then at most one line a
    /// `refusalLogInterval`, is logged with the count, so a flood cannot flood the journal.
    private func refuse(_ refusal: HookEventReceiver.Refusal) {
        refused += 1
        let now = Self.now()
        if let logged = refusalLogged, now - logged < Self.refusalLogInterval { return }
        log.write(.warning, "refused \(refused) connection\(refused == 1 ? "" : "s") or message\(refused == 1 ? "" : "s") not from the door's account (uid \(receiver.doorUID)); the last one \(refusal): never acted on")
        refused = 0
        refusalLogged = now
    }

    private func service() {
        for result in runner.dispatcher.service(now: Self.now()) { report(result) }
        killOrphans()
    }

    private func killOrphans() {
        let orphans = runner.dispatcher.killOrphans()
        guard !orphans.isEmpty else { return }
        log.write(.warning, "killed \(orphans.count) process\(orphans.count == 1 ? "" : "es") left behind by hooks (pid \(orphans.map(String.init).joined(separator: ", ")))")
    }

    private func report(_ result: DispatchResult) {
        let level: OperationalLog.Level = result.outcome == .exited(status: 0) ? .info : .warning
        log.write(level, "hook \(result.command.rule + 1): \(result.command.arguments.first ?? "") \(result.outcome)")
    }
}
