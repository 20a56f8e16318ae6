import JSONText

/// What the door tells the hook runner about one decided presentation: values only, as one
/// flat JSON object (one datagram). The runner hands them to hooks in `PN532_*` environment
/// variables and as this JSON on standard input, never in their arguments.
public struct HookEvent: Equatable, Sendable {
    /// The longest a text value travels (bytes of UTF-8, cut at a character boundary).
    public static let valueLimit = 1024
    /// The largest message the runner reads (one event).
    public static let messageLimit = 8192

    /// The tag's UID, uppercase hex.
    public var uid: String
    /// Granted or denied.
    public var granted: Bool
    /// The user matched, if any.
    public var user: String?
    /// The deciding rule and why, in words.
    public var rule: String
    public var reason: String
    /// The message's first URI and first text, if any.
    public var uri: String?
    public var text: String?
    /// True while the door is locked out: hooks never run then.
    public var lockout: Bool
    /// True while this tag is locked out (its own denials, `[security] lockout`'s `denials`):
    /// no hook runs for it then, `anyone = true` ones included.
    public var tagLockout: Bool

    /// An event; text values are cut to `valueLimit`.
    public init(uid: String, granted: Bool, user: String?, rule: String, reason: String, uri: String?, text: String?, lockout: Bool, tagLockout: Bool = false) {
        self.uid = uid
        self.granted = granted
        self.user = user.map(Self.cut)
        self.rule = Self.cut(rule)
        self.reason = Self.cut(reason)
        self.uri = uri.map(Self.cut)
        self.text = text.map(Self.cut)
        self.lockout = lockout
        self.tagLockout = tagLockout
    }

    /// The event as one line of JSON (no newline).
    public var json: String {
        var members: [(String, JSONValue)] = [("uid", .string(uid)), ("granted", .bool(granted))]
        if let user { members.append(("user", .string(user))) }
        members += [("rule", .string(rule)), ("reason", .string(reason))]
        if let uri { members.append(("uri", .string(uri))) }
        if let text { members.append(("text", .string(text))) }
        members.append(("lockout", .bool(lockout)))
        members.append(("tag_lockout", .bool(tagLockout)))
        return JSONValue.object(members).text
    }

    /// Reads an event written by `json`; nil for anything else.
    public init?(json: some StringProtocol) {
        guard let members = try? FlatJSON.object(json),
              case .string(let uid)? = members["uid"], case .bool(let granted)? = members["granted"],
              case .string(let rule)? = members["rule"], case .string(let reason)? = members["reason"],
              case .bool(let lockout)? = members["lockout"], case .bool(let tagLockout)? = members["tag_lockout"]
        else { return nil }
        func text(_ key: String) -> String? {
            if case .string(let value)? = members[key] { value } else { nil }
        }
        self.init(uid: uid, granted: granted, user: text("user"), rule: rule, reason: reason, uri: text("uri"), text: text("text"), lockout: lockout, tagLockout: tagLockout)
    }

    /// The variables a hook gets: `PN532_UID`, `PN532_DECISION` (granted/denied),
    /// `PN532_USER`, `PN532_RULE`, `PN532_REASON`, `PN532_URI`, `PN532_TEXT` (empty when absent).
    public var environment: [String: String] {
        [
            "PN532_UID": uid, "PN532_DECISION": granted ? "granted" : "denied", "PN532_USER": user ?? "",
            "PN532_RULE": rule, "PN532_REASON": reason, "PN532_URI": uri ?? "", "PN532_TEXT": text ?? "",
        ]
    }

    private static func cut(_ value: String) -> String {
        guard value.utf8.count > valueLimit else { return value }
        var result = ""
        for character in value {
            guard result.utf8.count + character.utf8.count <= valueLimit else { break }
            result.append(character)
        }
        return result
    }
}
