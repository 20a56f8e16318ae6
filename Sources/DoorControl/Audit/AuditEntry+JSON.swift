import NFCCore

extension AuditEntry {
    /// The entry as one line of JSON without the newline, keys in a fixed order (`time`,
    /// `event`, `uid`, `user`, `granted`, `rule`, `reason`, `product`); absent values are
    /// left out. `time` is ISO 8601 UTC with milliseconds, `uid` uppercase hex, two digits a
    /// byte.
    public var jsonLine: String {
        var members: [(String, String)] = [("time", jsonString(time.iso8601)), ("event", jsonString(event.rawValue))]
        if let uid { members.append(("uid", jsonString(Hex.encode(uid)))) }
        if let user { members.append(("user", jsonString(user))) }
        if let granted { members.append(("granted", granted ? "true" : "false")) }
        if let rule { members.append(("rule", jsonString(rule))) }
        members.append(("reason", jsonString(reason)))
        if let product { members.append(("product", jsonString(product))) }
        return "{" + members.map { jsonString($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
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

/// `text` as a JSON string: quotes, backslashes and control characters escaped, everything
/// else (non-ASCII included) as it is.
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            let digits = String(scalar.value, radix: 16, uppercase: true)
            out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
