import ArgumentParser
import DaemonKit
import DoorControl
import GPIO
import PN532Reader

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl door run`: the door access controller, for systemd or a terminal.
struct DoorRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the door access controller.",
        discussion: """
            Drives the relay, LED and buzzer released (locked) before anything else, from the \
            lines it kept at its last start and the relay section of FILE, even when the rest of \
            FILE is invalid (as door release does); then reads the configuration, requests the \
            relay line already released, keeps its lines in the state directory for door \
            release, and waits in one poll(2) for tags (the PN532 polls for them \
            itself), the inputs, signals and its deadlines. Each tag is decided once per \
            presentation and the decision appended to the audit log; a grant energises the \
            relay for relay.pulse seconds (or toggles it). The relay is released on SIGTERM, \
            SIGINT, SIGQUIT, SIGABRT (the systemd watchdog's signal) and every error; after a \
            SIGKILL or a crash the unit's ExecStopPost= (door release) releases it. SIGHUP rereads the configuration: a bad file keeps the \
            one in force. A reader that stops answering is woken again, reset through \
            RSTPD_N when reader.reset_line is set, then reopened with backoff; the door never \
            exits because of it. Under systemd (Type=notify) it reports READY, STATUS and \
            WATCHDOG pings itself. Operational messages go to standard error.

            With rolling counters, the first start (neither security.counter_file nor the \
            audit log exists) creates the counter file empty and says so in both logs; a \
            counter file missing while the audit log exists is refused (74): restore it, or \
            begin afresh once with --new-counters.

            Exit status: 0 after SIGTERM, 130 after SIGINT, 131 after SIGQUIT, 134 after \
            SIGABRT, 65 an invalid configuration, \
            66 a missing file, 69 a GPIO line that cannot be had (or a read-only sysfs GPIO), 74 a log or counter file \
            that cannot be used, 77 no permission.

            Examples:
              pn532ctl door run --config /etc/pn532ctl/door.toml
              pn532ctl door run --config door.toml --verbose
            """)

    @Option(help: ArgumentHelp("The configuration file.", valueName: "FILE"), completion: .file())
    var config = "/etc/pn532ctl/door.toml"

    @Option(help: ArgumentHelp("Where board profiles are looked up first (then boards/ beside FILE, then /usr/share/pn532ctl/boards).", valueName: "DIR"), completion: .directory)
    var boards: String?

    @Option(help: ArgumentHelp("Where the lines it starts with are kept for door release (default: $STATE_DIRECTORY under systemd, else nowhere).", valueName: "DIR"), completion: .directory)
    var stateDirectory: String?

    @Flag(help: "Also log tags leaving the field and other debug lines.")
    var verbose = false

    @Flag(help: "Print every PN532 frame on standard error.")
    var trace = false

    @Flag(help: "Begin with no token counters when security.counter_file was lost (it does not exist while the audit log does: every token's next state is then trusted once). The first start, with no audit log either, creates the file without it.")
    var newCounters = false

    func run() throws {
        let trace = trace
        let start = DoorStart(
            configPath: config, boards: boards, stateDirectory: OutputRelease.stateDirectory(stateDirectory), newCounters: newCounters,
            log: OperationalLog(threshold: verbose ? .debug : .info),
            connector: { spec, irq, reset in
                DeviceConnector(spec: spec, irq: irq, reset: reset, clock: SystemGPIOClock(), trace: trace ? TracePrinter().print : nil)
            })
        let signal: Int32
        do throws(DoorError) { signal = try start.run() } catch { throw CLIError(error) }
        if signal != SIGTERM { throw ExitCode(128 + signal) }
    }
}
