import SystemPackage
import ArgumentParser
import Basics
import DoorControl
import DoorRecords
import NFCCore

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl door log`: the audit log, rotated files included, oldest first.
struct DoorLogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Print the door's audit log (decisions, exit button, door, alarms, reader, configuration).",
        discussion: """
            Reads the rotated files (audit.jsonl.N … audit.jsonl.1) and then the current one. \
            Times are UTC. A line that cannot be read is skipped and counted on standard error; \
            a line longer than 1 MiB, or a log none of whose lines is an entry, is an error (65). \
            The log is read a line at a time, in constant memory whatever its size.

            Examples:
              pn532ctl door log --since 2h --user alice
              pn532ctl door log --file audit.jsonl --verify
              pn532ctl door log --verify --key /etc/pn532ctl/audit-initial.key
              pn532ctl door log --new-key /etc/pn532ctl/audit-initial.key
            """)

    @Option(help: ArgumentHelp("The audit log (default: audit.path of --config, else /var/log/pn532ctl/audit.jsonl).", valueName: "PATH"), completion: .file())
    var file: String?

    @Option(help: ArgumentHelp("The door configuration whose audit.path to read.", valueName: "FILE"), completion: .file())
    var config: String?

    @Option(help: ArgumentHelp("Entries from this UTC date or time (2026-11-22, 2026-11-22T07:00, …Z) or this long ago (90s, 15m, 2h, 3d, 1w).", valueName: "WHEN"))
    var since: String?

    @Option(help: ArgumentHelp("Entries about this user.", valueName: "NAME"))
    var user: String?

    @Flag(help: "Only denied decisions.")
    var denied = false

    @Flag(help: "Print the entries as stored: one JSON object a line.")
    var json = false

    @Flag(help: "Check the chain linking each line to the one before, its line numbers and rotation sequence numbers: 'chain intact, N lines', or the first break (exit 65).")
    var verify = false

    @Option(help: ArgumentHelp("With --verify: the initial audit key (made by --new-key); every line's MAC is checked, and with the door's key file beside the log, lines cut from its end.", valueName: "FILE"), completion: .file())
    var key: String?

    @Option(help: ArgumentHelp("Make a new initial audit key at FILE (keep it where the door cannot write) and the door's evolving key beside the log; the door MACs lines from its next start.", valueName: "FILE"), completion: .file())
    var newKey: String?

    static let defaultPath = AuditConfig().path

    func validate() throws {
        try FlagConflict.refuse(("--json", json), ("--verify", verify), "--verify checks the hash chain and prints one line, --json prints the entries")
        try FlagConflict.refuse(("--new-key", newKey != nil), ("--verify", verify), "--new-key makes a key, --verify checks the log")
        if key != nil, !verify { throw ValidationError("--key is the initial audit key for --verify: add --verify") }
    }

    func run() throws {
        if let newKey { return try DoorLogVerification.makeKey(initial: newKey, path: try logPath()) }
        if verify { return try DoorLogVerification.run(path: try logPath(), keyPath: key) }
        let filter = AuditFilter(since: try start(), user: user, deniedOnly: denied)
        let path = try logPath()
        var table = Table()
        let corrupt: Int
        do {
            corrupt = try AuditLogReader(path: path).forEachLine { line in
                guard filter.matches(line.entry) else { return }
                if json { print(line.text) } else { table.add(line.entry) }
            }
        } catch {
            throw Self.cliError(error)
        }
        table.flush()
        if corrupt > 0 {
            StandardError.write("pn532ctl: skipped \(corrupt) corrupt line\(corrupt == 1 ? "" : "s") in \(path) and its rotated files\n")
        }
    }

    private func logPath() throws(CLIError) -> String {
        if let file { return file }
        guard let config else { return Self.defaultPath }
        do {
            return try DoorConfig.load(path: config).audit.path
        } catch {
            throw CLIError(error)
        }
    }

    private func start() throws(CLIError) -> AuditTime? {
        guard let since else { return nil }
        guard let time = AuditFilter.since(since, now: AuditTime.now()) else {
            throw .usage("--since \(since): give a UTC date or time (2026-11-22, 2026-11-22T07:00, 2026-11-22T07:00:00Z) or a duration back from now (90s, 15m, 2h, 3d, 1w)")
        }
        return time
    }

    private static func cliError(_ error: AuditLogReadError) -> CLIError {
        switch error.reason {
        case .system(.noSuchFileOrDirectory):
            .noInput("no audit log at \(error.path) — give its path with --file (audit.path in the door configuration)")
        case .content:
            .data("\(error)")
        case .system(.permissionDenied), .system(.notPermitted):
            CLIError(message: "\(error) — the audit log is readable by root and the pn532ctl group", exitCode: ExitCode(77))
        default:
            .io("\(error)")
        }
    }

    /// The table of entries, printed in blocks of `blockSize` rows so that memory stays
    /// bounded on a log of any size: columns are as wide as the widest cell so far.
    struct Table {
        /// The rows held before they are printed.
        static let blockSize = 1000
        private var rows: [[String]] = []
        private var widths = [Int](repeating: 0, count: 6)

        /// Adds an entry's row, printing the block when it is full.
        mutating func add(_ entry: AuditEntry) {
            rows.append(DoorLogCommand.row(entry))
            if rows.count >= Self.blockSize { flush() }
        }

        /// Prints the rows held.
        mutating func flush() {
            for (column, width) in widths.enumerated() {
                widths[column] = max(width, rows.map { $0[column].count }.max() ?? 0)
            }
            for row in rows {
                print((0..<6).map { row[$0].padding(to: widths[$0]) }.joined(separator: "  ") + "  " + row[6])
            }
            rows.removeAll(keepingCapacity: true)
        }
    }

    /// An entry's cells: time, event, granted/denied, UID, user, rule, reason.
    static func row(_ entry: AuditEntry) -> [String] {
        [
            entry.time.iso8601, entry.event.rawValue, entry.granted.map { $0 ? "granted" : "denied" } ?? "-",
            entry.uid.map { Hex.encode($0) } ?? "-", entry.user.map(printable) ?? "-", entry.rule.map(printable) ?? "-",
            printable(entry.reason),
        ]
    }

    /// `text` with control characters shown as `\u{1B}`, so a log line stays one terminal line.
    private static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    /// `self` followed by spaces up to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
