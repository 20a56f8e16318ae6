import Credentials
import TOML

/// `[security]` and `[audit]`.
extension DoorConfigDecoder {
    func security() throws(ConfigError) -> SecurityConfig {
        let section = try section("security")
        try section.checkKeys([
            "key_file", "key_id", "site", "door", "groups", "accept_v1_tokens", "revoked_uids", "require_synchronised_clock",
            "rolling_counter", "counter_file", "require_genuine", "originality_key", "lockout",
        ])
        let defaults = SecurityConfig()
        var security = SecurityConfig(
            keyFile: try section.absolutePath("key_file"),
            rollingCounter: try section.bool("rolling_counter") ?? defaults.rollingCounter,
            counterFile: try section.absolutePath("counter_file") ?? defaults.counterFile,
            requireGenuine: try section.bool("require_genuine") ?? defaults.requireGenuine,
            originalityKey: try section.choice("originality_key", SecurityConfig.OriginalityKeyChoice.allCases.map { ($0.rawValue, $0) })
                ?? defaults.originalityKey,
            lockout: try lockout(in: section, default: defaults.lockout))
        security.keyID = try section.integer("key_id", in: 0...255).map { UInt8($0) } ?? defaults.keyID
        security.site = try name("site", in: section) ?? defaults.site
        security.door = try section.text("door")
        security.groups = try (section.strings("groups") ?? []).map { entry throws(ConfigError) in
            guard (1...SignedToken.maximumNameLength).contains(entry.text.utf8.count) else {
                throw section.error("groups", "\(TOMLFormat.string(entry.text)) must be 1-\(SignedToken.maximumNameLength) bytes", at: entry.value)
            }
            return entry.text
        }
        security.acceptV1Tokens = try section.bool("accept_v1_tokens") ?? defaults.acceptV1Tokens
        security.requireSynchronisedClock = try section.bool("require_synchronised_clock") ?? defaults.requireSynchronisedClock
        security.revokedUIDs = try (section.strings("revoked_uids") ?? []).map { entry throws(ConfigError) in
            switch UIDNotation.parse(entry.text) {
            case let .success(uid): return uid
            case let .failure(error): throw section.error("revoked_uids", "\(TOMLFormat.string(entry.text)) \(error.reason)", at: entry.value)
            }
        }
        if security.rollingCounter, security.keyFile == nil {
            throw section.error("rolling_counter", "needs security.key_file: counters live in signed tokens", at: section["rolling_counter"])
        }
        return security
    }

    /// A site name: at most 32 bytes (tokens carry it).
    private func name(_ key: String, in section: ConfigSection) throws(ConfigError) -> String? {
        guard let text = try section.string(key) else { return nil }
        guard text.utf8.count <= SignedToken.maximumNameLength else {
            throw section.error(key, "must be at most \(SignedToken.maximumNameLength) bytes (tokens carry it)", at: section[key])
        }
        return text
    }

    /// `lockout = { denials = 5, window = 30, duration = 30, global_denials = 20 }`, `true`
    /// (the defaults) or `false`.
    private func lockout(in section: ConfigSection, default policy: LockoutPolicy?) throws(ConfigError) -> LockoutPolicy? {
        let fallback = policy ?? LockoutPolicy(denials: 5, window: .seconds(30), duration: .seconds(30))
        guard let value = section["lockout"] else { return policy }
        switch value.kind {
        case .boolean(false): return nil
        case .boolean(true): return fallback
        case .table:
            guard let table = try section.section("lockout") else { return policy }
            try table.checkKeys(["denials", "window", "duration", "global_denials"])
            let denials = try table.integer("denials", in: 1...100) ?? fallback.denials
            let global = try table.integer("global_denials", in: 1...1000) ?? max(fallback.globalDenials, denials)
            guard global >= denials else {
                throw table.error("global_denials", "\(global) is below denials = \(denials): one tag would lock everyone out", at: table["global_denials"])
            }
            return LockoutPolicy(
                denials: denials,
                window: try table.seconds("window", in: 1...3600) ?? fallback.window,
                duration: try table.seconds("duration", in: 1...86400) ?? fallback.duration,
                globalDenials: global)
        default:
            throw section.typeError("lockout", value, expected: "{ denials = 5, window = 30, duration = 30, global_denials = 20 } or false")
        }
    }

    func audit() throws(ConfigError) -> AuditConfig {
        let section = try section("audit")
        try section.checkKeys(["path", "max_bytes", "keep", "on_failure"])
        let defaults = AuditConfig()
        return AuditConfig(
            path: try section.absolutePath("path") ?? defaults.path,
            maxBytes: try section.integer("max_bytes", in: 4096...(1 << 40), unit: " bytes") ?? defaults.maxBytes,
            keep: try section.integer("keep", in: 0...100) ?? defaults.keep,
            onFailure: try section.choice("on_failure", AuditFailurePolicy.allCases.map { ($0.rawValue, $0) }) ?? defaults.onFailure)
    }
}
