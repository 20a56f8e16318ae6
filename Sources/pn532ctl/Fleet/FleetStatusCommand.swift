import ArgumentParser
import Basics
import FleetUplink
import JSONText
import MQTTClient

/// `pn532ctl fleet status`: every door's availability, applied snapshot and chain head, from
/// the retained messages of their uplinks.
struct FleetStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List each door: online, the snapshot version it applied, its audit chain head.",
        discussion: """
            Subscribes to pn532ctl/+/status, pn532ctl/+/acl/state and pn532ctl/+/audit/head, \
            which each door's uplink publishes retained, and prints one line per door after \
            --wait seconds: online or offline, the users snapshot version in force with its \
            SHA-256 and when it was applied (or the last one refused, and why), and the audit \
            log's newest line number, its hash and when the uplink read it (the door's last \
            event). Messages that do not read are shown as problems, never as facts. Exits 0; \
            69 when the broker cannot be reached or refuses the subscription.

            Examples:
              pn532ctl fleet status --broker mqtt.example --ca-file ca.crt --cert-file admin.crt --key-file admin.key
              pn532ctl fleet status --broker 127.0.0.1 --json
            """)

    @OptionGroup var broker: BrokerOptions

    @Option(help: ArgumentHelp("Seconds to collect retained messages after subscribing, 1 to 60.", valueName: "SECONDS"))
    var wait: Int = 2

    @Flag(help: "One JSON object: {\"doors\":[…],\"ignored\":N}.")
    var json = false

    func validate() throws {
        guard (1...60).contains(wait) else { throw ValidationError("--wait must be 1 to 60 seconds") }
    }

    func run() throws {
        let connection = try broker.connected()
        var failure: String?
        var board = FleetStatusBoard()
        for topic in FleetStatusBoard.topics {
            do throws(MQTTError) { _ = try connection.subscribe(topic: topic, qos: 1) } catch {
                throw CLIError(message: "subscribing to \(topic): \(error)", exitCode: .unavailable)
            }
        }
        _ = connection.wait(until: MonotonicTime.monotonicNow() + .seconds(Int64(wait))) { event in
            switch event {
            case .message(let message): board.record(topic: message.topic, payload: message.payload)
            case .subscribed(_, let granted) where granted.contains(where: { $0 >= 128 }):
                failure = "the broker refused the subscription: its ACL must let this identity read pn532ctl/#"
                return true
            default: break
            }
            return false
        }
        connection.disconnect()
        if let failure { throw CLIError(message: failure, exitCode: .unavailable) }
        print(json ? Self.json(board) : Self.table(board))
    }

    static func table(_ board: FleetStatusBoard) -> String {
        var lines = board.sortedDoors.map { door in
            var fields = [door.id, door.availability ?? "unknown"]
            fields.append(door.snapshotVersion.map { "snapshot v\($0)" + (door.snapshotApplied.map { " applied \($0)" } ?? "") } ?? "no snapshot")
            if let refusal = door.snapshotRefusal { fields.append("refused: \(refusal)") }
            if let error = door.doorError { fields.append("door: \(error)") }
            fields.append(door.headLine.map { "audit line \($0)" + (door.headAt.map { " at \($0)" } ?? "") } ?? "no audit head")
            if let hash = door.headHash { fields.append("head \(hash.prefix(16))…") }
            for problem in door.problems { fields.append("problem: \(problem)") }
            return fields.joined(separator: "  ")
        }
        if lines.isEmpty { lines = ["no door has published its status"] }
        if board.ignored > 0 { lines.append("(\(board.ignored) other messages ignored)") }
        return lines.joined(separator: "\n")
    }

    static func json(_ board: FleetStatusBoard) -> String {
        func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
        let doors: [JSONValue] = board.sortedDoors.map { door in
            .object([
                ("door", .string(door.id)), ("availability", optional(door.availability)),
                ("snapshot_version", door.snapshotVersion.map { .int(Int(clamping: $0)) } ?? .null), ("snapshot_sha256", optional(door.snapshotDigest)),
                ("snapshot_applied", optional(door.snapshotApplied)), ("snapshot_refused", optional(door.snapshotRefusal)), ("door_error", optional(door.doorError)),
                ("audit_line", door.headLine.map { .int($0) } ?? .null), ("audit_hash", optional(door.headHash)), ("audit_at", optional(door.headAt)),
                ("problems", .array(door.problems.map { .string($0) })),
            ])
        }
        return JSONValue.object([("doors", .array(doors)), ("ignored", .int(board.ignored))]).text
    }
}
