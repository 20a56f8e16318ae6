import ArgumentParser
import Basics
import CLinux
import DoorControl
import DoorRecords
import NFCCore
import PN532
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl door hooks`: the hook runner, in its own unprivileged unit.
struct DoorHooksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hooks",
        abstract: "Run hooks for the door's events, outside the door's privileges.",
        discussion: """
            Receives the door's events (one JSON datagram per decided presentation, sent by \
            door run to hooks.socket without ever waiting) on the socket FILE names, and runs \
            the [[hook]] rules whose uri_prefix or text_prefix the tag's first URI or text \
            starts with: only for granted users unless a rule says anyone = true, never during \
            a lockout, at most max_running at once and per_minute a minute. A hook runs \
            without a shell, with the configured arguments only; the tag's values reach it in \
            PN532_UID, PN532_DECISION, PN532_USER, PN532_RULE, PN532_REASON, PN532_URI and \
            PN532_TEXT (its whole environment, with PATH and LANG) and as the JSON event on \
            standard input. At its timeout the hook's process group is killed, and any \
            process a hook left behind (a setsid child) is killed as soon as it is orphaned.

            Exit status: 0 after SIGTERM, 130 after SIGINT, 65 an invalid file, 66 a missing \
            file, 74 a socket that cannot be made.

            Examples:
              pn532ctl door hooks --config /etc/pn532ctl-hooks/hooks.toml
            """)

    @Option(help: ArgumentHelp("The hook runner's file.", valueName: "FILE"))
    var config = "/etc/pn532ctl-hooks/hooks.toml"

    @Flag(help: "Also log events that run no hook.")
    var verbose = false

    func run() throws {
        let signals = clinux_signal_fd_with_children()
        guard signals >= 0 else { throw CLIError.io("cannot watch signals: \(Errno.latest)") }
        defer { close(signals) }
        let log = OperationalLog(threshold: verbose ? .debug : .info)
        let file: HooksFile
        do throws(ConfigError) { file = try HooksFile.load(path: config) } catch { throw CLIError(error) }
        if !Dispatcher.becomeSubreaper() {
            log.write(.warning, "cannot become a child subreaper: a hook's setsid children are left to the unit's KillMode=control-group")
        }
        let receiver: HookEventReceiver
        do throws(HookSocketError) { receiver = try HookEventReceiver(path: file.socket) } catch {
            throw CLIError(message: "\(error)", exitCode: error.code == EACCES || error.code == EPERM ? ExitCode(77) : .ioError)
        }
        let runner = HookRunner(file: file)
        let loop = HookLoop(runner: runner, receiver: receiver, log: log)
        defer { loop.stop() }
        _ = SystemdNotifier().notify("READY=1\nSTATUS=waiting for events")
        log.write(.notice, "hook runner started: \(file.hooks.count) hook\(file.hooks.count == 1 ? "" : "s"), events on \(file.socket)")
        let signal = loop.run(signals: signals)
        log.write(.notice, "stopping on \(signal == SIGINT ? "SIGINT" : "SIGTERM"): running hooks killed")
        if signal == SIGINT { throw ExitCode(130) }
    }
}

/// The runner's loop: one ppoll over the signal fd and the socket, with the earliest hook
/// timeout as its timeout.
final class HookLoop {
    private let runner: HookRunner
    private let receiver: HookEventReceiver
    private let log: OperationalLog

    init(runner: HookRunner, receiver: HookEventReceiver, log: OperationalLog) {
        self.runner = runner
        self.receiver = receiver
        self.log = log
    }

    private static func now() -> Duration {
        MonotonicTime.monotonicNow().sinceOrigin
    }

    /// Runs until SIGTERM or SIGINT; returns the signal.
    func run(signals: Int32) -> Int32 {
        while true {
            let now = Self.now()
            var descriptors = [Poll.entry(signals, POLLIN), Poll.entry(receiver.descriptor, POLLIN)]
            do throws(Errno) {
                try Poll.wait(&descriptors, timeout: runner.dispatcher.nextDeadline.map { $0 - now })
            } catch {
                return SIGTERM
            }
            if descriptors[1].revents != 0 { receive() }
            while descriptors[0].revents != 0 {
                let signal = clinux_read_signal(signals)
                if signal == SIGTERM || signal == SIGINT || signal < 0 { return signal < 0 ? SIGTERM : signal }
                if signal == 0 { break }
            }
            service()
        }
    }

    /// Kills every running hook and what they left (shutdown).
    func stop() {
        for result in runner.dispatcher.stopAll() { report(result) }
        killOrphans()
    }

    private func receive() {
        while let bytes = receiver.receive() {
            guard let text = String(validating: bytes, as: UTF8.self), let event = HookEvent(json: text) else {
                log.write(.warning, "ignored a datagram of \(bytes.count) bytes that is not a door event")
                continue
            }
            let reports = runner.handle(event, now: Self.now())
            if reports.isEmpty {
                let why = event.lockout ? "the door is locked out" : event.granted ? "no rule matches" : "denied, and no matching rule runs for anyone"
                log.write(.debug, "event for \(event.uid) (\(event.granted ? "granted" : "denied")): no hook: \(why)")
            }
            for report in reports {
                switch report {
                case let .started(command, pid):
                    log.write(.info, "hook \(command.rule + 1): started \(command.arguments.first ?? "") (pid \(pid)) for \(event.uid)")
                case let .notStarted(result):
                    log.write(.warning, "hook \(result.command.rule + 1): \(result.outcome)")
                case let .rateLimited(command):
                    log.write(.warning, "hook \(command.rule + 1): skipped: \(runner.file.perMinute) hooks already started in the last minute (per_minute)")
                }
            }
        }
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
