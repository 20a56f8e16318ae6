import JSONText

/// The door's reply to one control request: one flat JSON object on one line, in this order
/// (members without a value left out):
/// `{"ok":true,"request":"status","version":7,"sha256":"…","issued":"2026-11-27T04:00:00Z",
/// "stale":false,"lock":"unlocked","unlocked_until":"2026-11-27T04:10:03Z"}`, or
/// `{"ok":false,"request":"reload","error":"…"}`. What the uplink publishes as applied is
/// `version` and `sha256`.
public struct ControlReply: Equatable, Sendable {
    /// The longest reply the door sends and a client reads.
    public static let messageLimit = 4096

    /// The request answered (`reload`, `status`, or the unknown request's name).
    public var request: String
    /// Why the request failed (a reload refused, an unknown request); nil when it succeeded.
    public var error: String?
    /// The version and SHA-256 (hex) of the users snapshot in force; nil without `[fleet]`.
    public var version: UInt64?
    public var sha256: String?
    /// When that snapshot was signed (UTC, ISO 8601).
    public var issued: String?
    /// True when that snapshot is older than `fleet.stale_after_hours`.
    public var stale: Bool?
    /// `locked` or `unlocked` (the relay released or energised).
    public var lock: String?
    /// When an unlocked relay is released again (UTC, ISO 8601); nil when locked or until toggled.
    public var unlockedUntil: String?

    /// A reply to `request`; `error` nil for a success.
    public init(request: String, error: String? = nil) {
        self.request = request
        self.error = error
    }

    /// True when the request succeeded.
    public var ok: Bool { error == nil }

    /// The reply as one line of JSON (no line feed).
    public var json: String {
        var members: [(String, JSONValue)] = [("ok", .bool(ok)), ("request", .string(request))]
        if let error { members.append(("error", .string(error))) }
        if let version { members.append(("version", .int(Int(clamping: version)))) }
        if let sha256 { members.append(("sha256", .string(sha256))) }
        if let issued { members.append(("issued", .string(issued))) }
        if let stale { members.append(("stale", .bool(stale))) }
        if let lock { members.append(("lock", .string(lock))) }
        if let unlockedUntil { members.append(("unlocked_until", .string(unlockedUntil))) }
        return JSONValue.object(members).text
    }

    /// The reply in `json`; nil when it is not one (no `ok` and `request`, a member of the
    /// wrong type, `ok` false without an `error`, a version above 2^63 − 1).
    public init?(json: some StringProtocol) {
        guard let members = try? FlatJSON.object(json), case .bool(let ok)? = members["ok"], case .string(let request)? = members["request"] else { return nil }
        func text(_ key: String) -> String?? {
            switch members[key] {
            case nil: .some(nil)
            case .string(let value)?: .some(value)
            default: nil
            }
        }
        guard let error = text("error"), ok == (error == nil), let sha256 = text("sha256"), let issued = text("issued"), let lock = text("lock"),
              let unlockedUntil = text("unlocked_until")
        else { return nil }
        self.init(request: request, error: error)
        switch members["version"] {
        case nil: break
        case .number(let digits)?:
            // A snapshot's version is at most 2^63 − 1: a larger one is no door's.
            guard let version = UInt64(digits), version <= UInt64(Int64.max) else { return nil }
            self.version = version
        default: return nil
        }
        switch members["stale"] {
        case nil: break
        case .bool(let stale)?: self.stale = stale
        default: return nil
        }
        self.sha256 = sha256
        self.issued = issued
        self.lock = lock
        self.unlockedUntil = unlockedUntil
    }
}
