import Basics
import DoorRecords
import JSONText

/// What `fleet status` knows of each door from the retained messages of the doors' uplinks:
/// `pn532ctl/<d>/status`, `pn532ctl/<d>/acl/state` and `pn532ctl/<d>/audit/head`. Every
/// message is outside input: payloads are bounded, doors are counted up to `doorLimit`, and a
/// message that does not parse is kept as a problem of that door, never trusted.
public struct FleetStatusBoard: Sendable {
    /// One door's line.
    public struct Door: Equatable, Sendable {
        /// The door's id (its topic level).
        public var id: String
        /// `online` or `offline` from its status topic; nil when none was retained.
        public var availability: String?
        /// The snapshot version its door applied, its SHA-256 and when.
        public var snapshotVersion: UInt64?
        public var snapshotDigest: String?
        public var snapshotApplied: String?
        /// The last snapshot the uplink refused, and why.
        public var snapshotRefusal: String?
        /// The door's answer when it could not say what is in force.
        public var doorError: String?
        /// The audit chain's head: the newest line number, its hash and when it was read.
        public var headLine: Int?
        public var headHash: String?
        public var headAt: String?
        /// Messages of this door that could not be read.
        public var problems: [String] = []

        /// A door known by its id only.
        public init(id: String) {
            self.id = id
        }
    }

    /// The largest payload read of one status message.
    public static let payloadLimit = 4096
    /// The most doors listed; messages of more doors are counted in `ignored`.
    public static let doorLimit = 10_000
    /// The most problems kept per door.
    static let problemLimit = 8

    /// The doors seen, by id.
    private var doors: [String: Door] = [:]
    /// Messages not on a status topic, or of doors past `doorLimit`.
    public private(set) var ignored = 0

    /// An empty board.
    public init() {}

    /// The doors, sorted by id.
    public var sortedDoors: [Door] { doors.values.sorted { $0.id < $1.id } }

    /// The topics to subscribe to.
    public static let topics = ["pn532ctl/+/status", "pn532ctl/+/acl/state", "pn532ctl/+/audit/head"]

    /// Records one message.
    public mutating func record(topic: String, payload: [UInt8]) {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard levels.count >= 3, levels[0] == "pn532ctl", FleetName.isValid(levels[1]) else { ignored += 1; return }
        let id = levels[1], kind = levels.dropFirst(2).joined(separator: "/")
        guard ["status", "acl/state", "audit/head"].contains(kind) else { ignored += 1; return }
        guard doors[id] != nil || doors.count < Self.doorLimit else { ignored += 1; return }
        var door = doors[id] ?? Door(id: id)
        defer { doors[id] = door }
        guard payload.count <= Self.payloadLimit, let text = String(validating: payload, as: UTF8.self) else {
            door.note("\(kind): \(payload.count) bytes that are not UTF-8 text of at most \(Self.payloadLimit) bytes")
            return
        }
        if kind == "status" {
            guard text == "online" || text == "offline" else { door.note("status: neither online nor offline"); return }
            door.availability = text
            return
        }
        let members: [String: FlatJSON.Value]
        do throws(FlatJSON.ParseError) { members = try FlatJSON.object(text) } catch {
            door.note("\(kind): not a JSON object (\(error))")
            return
        }
        if kind == "acl/state" {
            door.snapshotVersion = Self.number(members["version"]).flatMap { UInt64(exactly: $0) }
            door.snapshotDigest = Self.hex(members["sha256"])
            door.snapshotApplied = Self.text(members["applied"])
            door.snapshotRefusal = Self.text(members["refused"])
            door.doorError = Self.text(members["door_error"])
        } else {
            door.headLine = Self.number(members["line"])
            door.headHash = Self.hex(members["hash"])
            door.headAt = Self.text(members["at"])
        }
    }

    /// A whole number of at most 18 digits.
    private static func number(_ value: FlatJSON.Value?) -> Int? {
        guard case .number(let text)? = value, (1...18).contains(text.utf8.count),
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// 64 hex digits.
    private static func hex(_ value: FlatJSON.Value?) -> String? {
        guard case .string(let text)? = value, text.utf8.count == 64, Hex.bytes(text) != nil else { return nil }
        return text.lowercased()
    }

    /// Printable text of at most 512 bytes, control characters refused (it reaches a terminal).
    private static func text(_ value: FlatJSON.Value?) -> String? {
        guard case .string(let text)? = value, text.utf8.count <= 512, !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return nil }
        return text
    }
}

extension FleetStatusBoard.Door {
    mutating func note(_ problem: String) {
        if problems.count < FleetStatusBoard.problemLimit { problems.append(problem) }
    }
}
