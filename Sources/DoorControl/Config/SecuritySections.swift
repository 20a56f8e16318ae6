/// `[security]` and `[audit]`.
extension DoorConfigDecoder {
    func security() throws(ConfigError) -> SecurityConfig {
        let section = try section("security")
        try section.checkKeys(["key_file", "rolling_counter", "counter_file", "require_genuine", "originality_key", "lockout"])
        let defaults = SecurityConfig()
        let security = SecurityConfig(
            keyFile: try section.absolutePath("key_file"),
            rollingCounter: try section.bool("rolling_counter") ?? defaults.rollingCounter,
            counterFile: try section.absolutePath("counter_file") ?? defaults.counterFile,
            requireGenuine: try section.bool("require_genuine") ?? defaults.requireGenuine,
            originalityKey: try section.choice("originality_key", SecurityConfig.OriginalityKeyChoice.allCases.map { ($0.rawValue, $0) })
                ?? defaults.originalityKey,
            lockout: try lockout(in: section, default: defaults.lockout))
        if security.rollingCounter, security.keyFile == nil {
            throw section.error("rolling_counter", "needs security.key_file: counters live in signed tokens", at: section["rolling_counter"])
        }
        return security
    }

    /// `lockout = { denials = 5, window = 30, duration = 30 }`, `true` (the defaults) or `false`.
    private func lockout(in section: ConfigSection, default policy: LockoutPolicy?) throws(ConfigError) -> LockoutPolicy? {
        let fallback = policy ?? LockoutPolicy(denials: 5, window: .seconds(30), duration: .seconds(30))
        guard let value = section["lockout"] else { return policy }
        switch value.kind {
        case .boolean(false): return nil
        case .boolean(true): return fallback
        case .table:
            guard let table = try section.section("lockout") else { return policy }
            try table.checkKeys(["denials", "window", "duration"])
            return LockoutPolicy(
                denials: try table.integer("denials", in: 1...100) ?? fallback.denials,
                window: try table.seconds("window", in: 1...3600) ?? fallback.window,
                duration: try table.seconds("duration", in: 1...86400) ?? fallback.duration)
        default:
            throw section.typeError("lockout", value, expected: "{ denials = 5, window = 30, duration = 30 } or false")
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
