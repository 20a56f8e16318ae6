import TOML

/// The hook runner's own file (`/etc/pn532ctl-hooks/hooks.toml`): its socket, limits and
/// `[[hook]]` rules. It holds no credentials and the runner reads nothing of `door.toml`.
public struct HooksFile: Equatable, Sendable {
    /// The socket the runner receives events on.
    public var socket: String
    /// Hooks running at once; more are skipped.
    public var maxRunning: Int
    /// Hooks started per minute at most; more are skipped.
    public var perMinute: Int
    /// The rules, in file order.
    public var hooks: [DispatchRule]

    /// The default socket (the hooks unit's runtime directory).
    public static let defaultSocket = "/run/pn532ctl-hooks/events"

    /// A hook file.
    public init(socket: String = HooksFile.defaultSocket, maxRunning: Int = 4, perMinute: Int = 30, hooks: [DispatchRule] = []) {
        self.socket = socket
        self.maxRunning = maxRunning
        self.perMinute = perMinute
        self.hooks = hooks
    }

    /// Reads and validates the hook file at `path`.
    public static func load(path: String) throws(ConfigError) -> HooksFile {
        let text = try ConfigFile.readText(path)
        let root = ConfigSection(table: try ConfigFile.parse(text, file: path), path: "", line: nil, source: ConfigSource(file: path))
        try root.checkKeys(["socket", "max_running", "per_minute", "hook"])
        let defaults = HooksFile()
        return HooksFile(
            socket: try root.absolutePath("socket") ?? defaults.socket,
            maxRunning: try root.integer("max_running", in: 1...32) ?? defaults.maxRunning,
            perMinute: try root.integer("per_minute", in: 1...600) ?? defaults.perMinute,
            hooks: try HookRules.decode(root))
    }
}
