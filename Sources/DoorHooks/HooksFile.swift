import TOML

/// The hook runner's own file (`/etc/pn532ctl-hooks/hooks.toml`): its socket, limits and
/// `[[hook]]` rules. It holds no credentials and the runner reads nothing of `door.toml`.
public struct HooksFile: Equatable, Sendable {
    /// The socket the runner receives events on.
    public var socket: String
    /// Hooks running at once; more are skipped.
    public var maxRunning: Int
    /// Hooks started per minute at most for granted tags; more are skipped.
    public var perMinute: Int
    /// Hooks started per minute at most for denied tags (`anyone = true` rules): a budget of
    /// its own, so strangers cannot use up granted users' `perMinute`.
    public var deniedPerMinute: Int
    /// The door's account (a name, or a uid in digits): the only account whose connections are
    /// kept. The runner refuses to start when it names no account.
    public var doorUser: String
    /// The account hooks run as (a name or a uid), neither root, the runner's nor the door's:
    /// the runner drops to it in each hook before exec. Nil: hooks run as the runner.
    public var runAs: String?
    /// The rules, in file order.
    public var hooks: [DispatchRule]

    /// The default socket (the hooks unit's runtime directory).
    public static let defaultSocket = "/run/pn532ctl-hooks/events"
    /// The default door account: the one `scripts/install.sh` and the .deb create and
    /// `pn532ctl-door.service` runs as.
    public static let defaultDoorUser = "pn532ctl"

    /// A hook file.
    public init(
        socket: String = HooksFile.defaultSocket, maxRunning: Int = 4, perMinute: Int = 30, deniedPerMinute: Int = 10,
        doorUser: String = HooksFile.defaultDoorUser, runAs: String? = nil, hooks: [DispatchRule] = []
    ) {
        self.socket = socket
        self.maxRunning = maxRunning
        self.perMinute = perMinute
        self.deniedPerMinute = deniedPerMinute
        self.doorUser = doorUser
        self.runAs = runAs
        self.hooks = hooks
    }

    /// Reads and validates the hook file at `path`.
    public static func load(path: String) throws(ConfigError) -> HooksFile {
        let text = try ConfigFile.readText(path)
        let root = ConfigSection(table: try ConfigFile.parse(text, file: path), path: "", line: nil, source: ConfigSource(file: path))
        try root.checkKeys(["socket", "max_running", "per_minute", "denied_per_minute", "door_user", "run_as", "hook"])
        let defaults = HooksFile()
        return HooksFile(
            socket: try root.absolutePath("socket") ?? defaults.socket,
            maxRunning: try root.integer("max_running", in: 1...32) ?? defaults.maxRunning,
            perMinute: try root.integer("per_minute", in: 1...600) ?? defaults.perMinute,
            deniedPerMinute: try root.integer("denied_per_minute", in: 1...600) ?? defaults.deniedPerMinute,
            doorUser: try account(root, "door_user") ?? defaults.doorUser,
            runAs: try account(root, "run_as"),
            hooks: try HookRules.decode(root))
    }

    /// `door_user` or `run_as`: a non-empty account name or uid.
    private static func account(_ root: ConfigSection, _ key: String) throws(ConfigError) -> String? {
        guard let name = try root.text(key) else { return nil }
        guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0 == ":" }) else {
            throw root.error(key, "must be an account name (such as \"\(key == "run_as" ? "pn532ctl-hook" : defaultDoorUser)\") or a uid", at: root[key])
        }
        return name
    }
}
