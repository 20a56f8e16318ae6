import Credentials
import Basics
import NFCCore
import TOML

/// `[[users]]`: names, credentials, validity dates and schedules.
extension DoorConfigDecoder {
    /// The keys that give a user a credential.
    static let credentialKeys = ["uid", "text", "text_prefix", "uri", "uri_prefix", "mime", "token", "ntag424", "desfire", "ultralight_aes"]

    func users(keyFile: String?, keyedCards: [KeyedFamily: KeyedCardConfig] = [:]) throws(ConfigError) -> [User] {
        var names: [String: String] = [:]
        var uids: [[UInt8]: String] = [:]
        var users: [User] = []
        for section in try root.sections("users") {
            try section.checkKeys(["name", "valid_from", "valid_until", "schedule", "tokens_issued_after", "uid_family", "deny_when_stale"] + Self.credentialKeys)
            guard let name = try section.text("name") else { throw section.missing("name") }
            if let problem = UserName.problem(name) { throw section.error("name", problem, at: section["name"]) }
            if let other = names[name] {
                throw section.error("name", "\(TOMLFormat.string(name)) is already the name of \(other)", at: section["name"])
            }
            names[name] = section.path
            var credentials: [Credential] = []
            for key in section.table.keys where Self.credentialKeys.contains(key) {
                credentials += try self.credentials(key, of: section, keyFile: keyFile, keyedCards: keyedCards, uids: &uids)
            }
            if let keyed = credentials.lazy.compactMap(\.keyed).first, credentials.contains(where: { $0.keyed?.family != keyed.family }) {
                let family = keyed.family.rawValue
                throw section.error(
                    family,
                    "user \(TOMLFormat.string(name)) has \(family) and other credentials: a UID, NDEF content, token or another family's card would open without this card's key; give the other credentials their own user entry",
                    at: section[family])
            }
            guard !credentials.isEmpty else {
                throw section.error(nil, "user \(TOMLFormat.string(name)) has no credential: give \(Self.credentialKeys.joined(separator: ", ")) (token = true)")
            }
            let validFrom = try section.date("valid_from"), validUntil = try section.date("valid_until")
            if let validFrom, let validUntil, validUntil < validFrom {
                throw section.error("valid_until", "\(validUntil) is before valid_from \(validFrom)", at: section["valid_until"])
            }
            let issuedAfter = try section.integer("tokens_issued_after", in: 0...Int(UInt32.max)).map { UInt32($0) }
            var user = User(
                name: name, credentials: credentials, validFrom: validFrom, validUntil: validUntil,
                schedule: try schedule(of: section), tokensIssuedAfter: issuedAfter)
            user.uidFamily = try section.choice("uid_family", UIDFamily.allCases.map { ($0.rawValue, $0) })
            if user.uidFamily != nil, !credentials.contains(where: { if case .uid = $0 { true } else { false } }) {
                throw section.error("uid_family", "names the family of the user's uid credentials, and the user has none", at: section["uid_family"])
            }
            if try section.bool("deny_when_stale") == true {
                guard try root.section("fleet")?["stale_after_hours"] != nil else {
                    throw section.error("deny_when_stale", "needs [fleet] stale_after_hours: the time after which the users snapshot is stale", at: section["deny_when_stale"])
                }
                user.deniedWhenStale = true
            }
            users.append(user)
        }
        return users
    }

    private func credentials(
        _ key: String, of section: ConfigSection, keyFile: String?, keyedCards: [KeyedFamily: KeyedCardConfig], uids: inout [[UInt8]: String]
    ) throws(ConfigError) -> [Credential] {
        switch key {
        case "token":
            guard try section.bool("token") == true else { return [] }
            guard keyFile != nil else {
                throw section.error("token", "needs security.key_file, the key tokens are signed with", at: section["token"])
            }
            return [.signedToken]
        case "mime":
            var result: [Credential] = []
            for mime in try section.sections("mime") {
                try mime.checkKeys(["type", "payload", "payload_hex"])
                guard let type = try mime.text("type") else { throw mime.missing("type", "the MIME type, such as \"application/vnd.example\"") }
                guard type.split(separator: "/", omittingEmptySubsequences: false).count == 2, !type.contains(" ") else {
                    throw mime.error("type", "\(TOMLFormat.string(type)) is not a MIME type (type/subtype)", at: mime["type"])
                }
                result.append(.mime(type: type, payload: try payload(of: mime)))
            }
            return result
        default:
            var result: [Credential] = []
            for (index, (text, value)) in (try section.strings(key) ?? []).enumerated() {
                guard !text.isEmpty else { throw section.error("\(key)[\(index)]", "must not be empty", at: value) }
                switch key {
                case "uid", KeyedFamily.ntag424.rawValue, KeyedFamily.desfire.rawValue, KeyedFamily.ultralightAES.rawValue:
                    let uid: [UInt8]
                    switch UIDNotation.parse(text) {
                    case let .success(bytes): uid = bytes
                    case let .failure(error): throw section.error("\(key)[\(index)]", "\(TOMLFormat.string(text)) \(error.reason)", at: value)
                    }
                    if UIDNotation.isRandom(uid) {
                        throw section.error(
                            "\(key)[\(index)]",
                            "\(UIDNotation.format(uid)) is a random UID (08…): a phone or a random-ID card shows a new one at every presentation, so it matches nothing",
                            at: value)
                    }
                    let family = KeyedFamily(rawValue: key)
                    if let family {
                        guard keyedCards[family] != nil else {
                            throw section.error("\(key)[\(index)]", "needs [\(family.section)], the keys the door challenges the card with", at: value)
                        }
                        guard uid.count == Self.keyedUIDLength else {
                            throw section.error(
                                "\(key)[\(index)]", "\(UIDNotation.format(uid)) is \(uid.count) bytes; a keyed \(family.cardName)'s real UID is \(Self.keyedUIDLength)", at: value)
                        }
                    }
                    if let owner = uids[uid] {
                        throw section.error("\(key)[\(index)]", "\(UIDNotation.format(uid)) already belongs to \(owner)", at: value)
                    }
                    uids[uid] = "\(section.path) (line \(value.line))"
                    result.append(family.map { .keyed($0, uid) } ?? .uid(uid))
                case "text": result.append(.textEquals(text))
                case "text_prefix": result.append(.textPrefix(text))
                case "uri": result.append(.uriEquals(text))
                default: result.append(.uriPrefix(text))
                }
            }
            return result
        }
    }

    /// `payload = "text"` (UTF-8) or `payload_hex = "0A1B…"`, exactly one.
    private func payload(of mime: ConfigSection) throws(ConfigError) -> [UInt8] {
        let text = try mime.string("payload"), hex = try mime.string("payload_hex")
        switch (text, hex) {
        case let (text?, nil):
            return Array(text.utf8)
        case let (nil, hex?):
            do throws(HexTextError) {
                return try Hex.bytes(hex, skipping: [" ", ":"])
            } catch {
                throw mime.error("payload_hex", "must be hex digits in pairs, spaces and colons between bytes allowed: \(error)", at: mime["payload_hex"])
            }
        case (nil, nil):
            throw mime.missing("payload", "give payload = \"text\" or payload_hex = \"…\"")
        case (_?, _?):
            throw mime.error("payload_hex", "give payload or payload_hex, not both", at: mime["payload_hex"])
        }
    }

    private func schedule(of section: ConfigSection) throws(ConfigError) -> WeeklySchedule? {
        guard let entries = try section.strings("schedule") else { return nil }
        guard !entries.isEmpty else {
            throw section.error("schedule", "has no window; leave schedule out to allow every day at any time", at: section["schedule"])
        }
        var windows: [WeeklySchedule.Window] = []
        for (index, (text, value)) in entries.enumerated() {
            switch ScheduleNotation.parse(text) {
            case let .success(window): windows.append(window)
            case let .failure(error): throw section.error("schedule[\(index)]", "\(TOMLFormat.string(text)): \(error.reason)", at: value)
            }
        }
        return WeeklySchedule(windows: windows)
    }
}
