import Basics
import JSONText

extension AuditEntry {
    /// The entry as one line of JSON without the newline, keys in a fixed order (`time`,
    /// `event`, `uid`, `user`, `granted`, `rule`, `reason`, `product`); absent values are
    /// left out. `time` is ISO 8601 UTC with milliseconds, `uid` uppercase hex, two digits a
    /// byte.
    public var jsonLine: String {
        var members: [(String, JSONValue)] = [("time", .string(time.iso8601)), ("event", .string(event.rawValue))]
        if let uid { members.append(("uid", .string(Hex.encode(uid)))) }
        if let user { members.append(("user", .string(user))) }
        if let granted { members.append(("granted", .bool(granted))) }
        if let rule { members.append(("rule", .string(rule))) }
        members.append(("reason", .string(reason)))
        if let product { members.append(("product", .string(product))) }
        return JSONValue.object(members).text
    }

    /// Reads a line written by `jsonLine`. Unknown keys are ignored; a missing or mistyped
    /// `time`, `event` or `reason`, or a value of the wrong type, is an error.
    public init(jsonLine: some StringProtocol) throws(AuditDecodingError) {
        let members: [String: FlatJSON.Value]
        do {
            members = try FlatJSON.object(jsonLine)
        } catch {
            throw AuditDecodingError(reason: "not a JSON object: \(error)")
        }
        guard let timeText = try Self.string("time", in: members) else { throw AuditDecodingError(reason: "no \"time\"") }
        guard let time = AuditTime(iso8601: timeText) else {
            throw AuditDecodingError(reason: "\"time\" is not an ISO 8601 UTC time: \(timeText)")
        }
        guard time.iso8601 == timeText else {
            throw AuditDecodingError(reason: "\"time\" is not written as the log writes it (milliseconds, Z): \(timeText)")
        }
        guard let eventText = try Self.string("event", in: members) else { throw AuditDecodingError(reason: "no \"event\"") }
        guard let event = Event(rawValue: eventText) else { throw AuditDecodingError(reason: "unknown event \"\(eventText)\"") }
        guard let reason = try Self.string("reason", in: members) else { throw AuditDecodingError(reason: "no \"reason\"") }
        var uid: [UInt8]?
        if let uidText = try Self.string("uid", in: members) {
            guard let bytes = Hex.bytes(uidText) else { throw AuditDecodingError(reason: "\"uid\" is not hex: \(uidText)") }
            uid = bytes
        }
        var granted: Bool?
        switch members["granted"] {
        case .bool(let value): granted = value
        case .null, nil: granted = nil
        default: throw AuditDecodingError(reason: "\"granted\" is not true, false or null")
        }
        self.init(
            time: time, event: event, uid: uid, user: try Self.string("user", in: members), granted: granted,
            rule: try Self.string("rule", in: members), reason: reason, product: try Self.string("product", in: members))
    }

    private static func string(_ key: String, in members: [String: FlatJSON.Value]) throws(AuditDecodingError) -> String? {
        switch members[key] {
        case .string(let value): value
        case .null, nil: nil
        default: throw AuditDecodingError(reason: "\"\(key)\" is not a string")
        }
    }
}

/// Why a line of the audit log could not be read.
public struct AuditDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the line.
    public var reason: String

    /// An error.
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
