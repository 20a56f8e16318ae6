import TOML

/// `[hooks]` of `door.toml`: where the door sends each decided presentation for the hook
/// runner (`pn532ctl door hooks`), which runs programs in its own unprivileged unit.
public struct HooksConfig: Equatable, Sendable {
    /// The runner's unix socket; nil: no events are sent.
    public var socket: String?

    /// A hooks section.
    public init(socket: String? = nil) {
        self.socket = socket
    }
}

/// `[hooks]` of `door.toml`, and `[[dispatch]]` refused: the door runs no programs.
extension DoorConfigDecoder {
    /// `[hooks]`: `socket = "/run/pn532ctl-hooks/events"`.
    func hooksSection() throws(ConfigError) -> HooksConfig {
        let section = try section("hooks")
        try section.checkKeys(["socket"])
        return HooksConfig(socket: try section.absolutePath("socket"))
    }

    /// Refuses `[[dispatch]]` in `door.toml`.
    func refuseDispatch() throws(ConfigError) {
        guard let value = root["dispatch"] else { return }
        throw root.error("dispatch", "the door runs no programs: move these rules to the hook runner's file as [[hook]] tables (pn532ctl door hooks --config /etc/pn532ctl-hooks/hooks.toml, README \"Hooks\") and set hooks.socket here", at: value)
    }
}
