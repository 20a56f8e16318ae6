import ArgumentParser
import DaemonKit
import JSONText
import DoorRecords
import FleetUplink
import SystemPackage

/// `pn532ctl door control`: one request to a running door's control socket, and its reply.
struct DoorControlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "control",
        abstract: "Ask a running door to reload its configuration, or for its status, on its control socket.",
        discussion: """
            Sends REQUEST to the control socket fleet.control_socket names and prints the \
            door's reply. The door keeps a connection only from uplink_user's uid (SO_PEERCRED) \
            and closes any other unread, so run this as that account (the uplink does). reload \
            does what SIGHUP does: the door reads door.toml and the users snapshot again and \
            verifies the snapshot itself; the reply names the snapshot version and sha256 in \
            force after it, or why the reload was refused (a snapshot that does not verify, an \
            older one). status names the snapshot in force (version, sha256, when it was \
            signed, whether it is stale) and the lock state. No request opens the door. The \
            door's own reply is one line of JSON (README, "The control socket"); --json prints \
            it with every key, null where it has none.

            Exit status: 0 answered, 1 the door refused the request (a reload kept the \
            configuration in force), 65 a reply that is not one, 69 no door listening or no \
            reply within 5 s, 74 the socket cannot be used, 77 no permission, or the door \
            closed the connection unread (not uplink_user's account).

            Examples:
              pn532ctl door control --socket /run/pn532ctl/door.sock status
              pn532ctl door control reload --json
            """)

    /// What the door is asked.
    enum Request: String, ExpressibleByArgument, CaseIterable {
        case reload, status
    }

    @Option(help: ArgumentHelp("The door's control socket (fleet.control_socket).", valueName: "PATH"), completion: .file())
    var socket = "/run/pn532ctl/door.sock"

    @Argument(help: ArgumentHelp("reload or status.", valueName: "REQUEST"))
    var request: Request

    @Flag(help: "Print JSON: request, version, sha256, issued, stale, lock and unlockedUntil (null where the door has none).")
    var json = false

    func run() throws {
        let reply: ControlReply
        switch DoorControlClient.send(request == .reload ? .reload : .status, to: socket) {
        case .success(let answer): reply = answer
        case .failure(.noReply(let failure)): throw Self.error(failure, socket: socket)
        case .failure(let failure): throw CLIError.data("\(socket): \(failure)")
        }
        if let error = reply.error { throw CLIError.refused("door control \(request.rawValue): \(error)") }
        if json {
            print(Self.object(reply).text)
        } else {
            for line in Self.lines(reply) { print(line) }
        }
    }

    /// The reply as `--json` prints it: every key, null where the door's reply has none.
    static func object(_ reply: ControlReply) -> JSON {
        func text(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
        return .object([
            ("request", .string(reply.request)), ("version", reply.version.map { .int(Int(clamping: $0)) } ?? .null), ("sha256", text(reply.sha256)),
            ("issued", text(reply.issued)), ("stale", reply.stale.map(JSON.bool) ?? .null), ("lock", text(reply.lock)), ("unlockedUntil", text(reply.unlockedUntil)),
        ])
    }

    /// The reply for a reader: the snapshot, the lock state.
    static func lines(_ reply: ControlReply) -> [String] {
        var lines: [String] = []
        if let version = reply.version {
            lines.append("snapshot: version \(version), sha256 \(reply.sha256 ?? "?"), signed \(reply.issued ?? "?")\(reply.stale == true ? " (STALE)" : "")")
        } else {
            lines.append("snapshot: none (no [fleet] in door.toml)")
        }
        if let lock = reply.lock { lines.append("lock: \(lock)\(reply.unlockedUntil.map { " until \($0)" } ?? "")") }
        return lines
    }

    /// The error for a request that got no reply, with its exit status.
    static func error(_ failure: SeqpacketRequest.Failure, socket: String) -> CLIError {
        switch failure {
        case .closed:
            .permission("\(socket): the door closed the connection unread: only uplink_user's account is accepted (run as it: sudo -u pn532ctl-uplink …)")
        case .timedOut:
            CLIError(message: "\(socket): no reply within \(DoorControlClient.timeout.components.seconds) s: is door run busy or stopped?", exitCode: .unavailable)
        case .tooLong:
            .data("\(socket): a reply longer than \(ControlReply.messageLimit) bytes: is this a door's control socket?")
        case let .system(step, code) where code == .noSuchFileOrDirectory || code == .connectionRefused:
            CLIError(message: "\(socket): \(step): \(code): no door listening (is door run running with fleet.control_socket set?)", exitCode: .unavailable)
        case let .system(step, code) where code == .permissionDenied || code == .notPermitted:
            .permission("\(socket): \(step): \(code): run as uplink_user's account (in the socket's group)")
        case let .system(step, code):
            .io("\(socket): \(step): \(code)")
        }
    }
}
