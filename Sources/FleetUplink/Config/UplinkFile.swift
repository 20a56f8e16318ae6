import DoorRecords
import TOML

/// The uplink's own file (`/etc/pn532ctl-uplink/uplink.toml`): which door it speaks for, the
/// broker, and the door's files it follows and feeds. It holds no door key and the uplink
/// reads nothing of `door.toml`: what it must agree on with the door (site, group, the
/// snapshot's file, the public key, the control socket) is written in both files.
public struct UplinkFile: Equatable, Sendable {
    /// The broker's address and this door's TLS identity.
    public struct Broker: Equatable, Sendable {
        /// Host name or address.
        public var host: String
        /// TCP port: 8883 with TLS, 1883 without.
        public var port: Int
        /// The CA that signed the broker's certificate; nil: no TLS (loopback tests only).
        public var caFile: String?
        /// This door's client certificate, its common name the door's id.
        public var certificateFile: String?
        /// Its private key.
        public var keyFile: String?
        /// MQTT keepalive.
        public var keepalive: Int

        /// A broker.
        public init(host: String, port: Int, caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil, keepalive: Int = 30) {
            self.host = host
            self.port = port
            self.caFile = caFile
            self.certificateFile = certificateFile
            self.keyFile = keyFile
            self.keepalive = keepalive
        }
    }

    /// The door's id: the MQTT username and client id, its certificate's common name and
    /// the level of its topics (`pn532ctl/<door>/…`).
    public var door: String
    /// The name Home Assistant shows.
    public var name: String
    /// The site and door group the door's snapshots are signed for.
    public var site: String
    /// The door group.
    public var group: String
    /// The fleet's public key file.
    public var publicKeyFile: String
    /// The snapshot file the uplink writes and the door reads (`[fleet] snapshot`).
    public var snapshot: String
    /// The door's audit log (`[audit] log`), which the uplink only reads.
    public var auditLog: String
    /// The uplink's own state: the audit cursor.
    public var stateDirectory: String
    /// The door's control socket (`[fleet] control_socket`).
    public var controlSocket: String
    /// The broker.
    public var broker: Broker
    /// Home Assistant's discovery prefix; nil: no discovery published.
    public var discoveryPrefix: String?

    /// Reads and validates the uplink file at `path`.
    ///
    /// - Throws: `ConfigError` naming the file, the key and its line.
    public static func load(path file: String) throws(ConfigError) -> UplinkFile {
        let text = try ConfigFile.readText(file)
        let root = ConfigSection(table: try ConfigFile.parse(text, file: file), path: "", line: nil, source: ConfigSource(file: file))
        try root.checkKeys(["door", "name", "site", "group", "public_key_file", "snapshot", "audit_log", "state_directory", "control_socket", "broker", "home_assistant"])
        func name(_ section: ConfigSection, _ key: String) throws(ConfigError) -> String {
            guard let value = try section.text(key) else { throw section.missing(key) }
            guard FleetName.isValid(value) else { throw section.error(key, UsersSnapshotError.badName(field: key, value).description, at: section[key]) }
            return value
        }
        func path(_ key: String) throws(ConfigError) -> String {
            guard let value = try root.absolutePath(key) else { throw root.missing(key) }
            return value
        }
        let door = try name(root, "door")
        guard let brokerSection = try root.section("broker") else { throw root.missing("broker", " (a [broker] table with host and port)") }
        try brokerSection.checkKeys(["host", "port", "ca_file", "cert_file", "key_file", "keepalive_seconds"])
        guard let host = try brokerSection.text("host"), !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw brokerSection.missing("host", " (the broker's host name or address)")
        }
        let broker = Broker(
            host: host, port: try brokerSection.integer("port", in: 1...65_535) ?? 8883,
            caFile: try brokerSection.absolutePath("ca_file"), certificateFile: try brokerSection.absolutePath("cert_file"),
            keyFile: try brokerSection.absolutePath("key_file"), keepalive: try brokerSection.integer("keepalive_seconds", in: 5...3600, unit: "seconds") ?? 30)
        if (broker.certificateFile == nil) != (broker.keyFile == nil) {
            throw brokerSection.error(broker.certificateFile == nil ? "cert_file" : "key_file", "cert_file and key_file go together: the door's TLS certificate and its key")
        }
        if broker.certificateFile != nil, broker.caFile == nil {
            throw brokerSection.error("ca_file", "a client certificate needs TLS: set ca_file to the CA that signed the broker's certificate")
        }
        var discoveryPrefix: String? = "homeassistant"
        if let assistant = try root.section("home_assistant") {
            try assistant.checkKeys(["discovery", "prefix"])
            if try assistant.bool("discovery") == false { discoveryPrefix = nil } else if assistant["prefix"] != nil { discoveryPrefix = try name(assistant, "prefix") }
        }
        let display = try root.text("name") ?? door
        guard !display.isEmpty, display.utf8.count <= 128, !display.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw root.error("name", "must be 1 to 128 bytes of printable text", at: root["name"])
        }
        return UplinkFile(
            door: door, name: display, site: try name(root, "site"), group: try name(root, "group"),
            publicKeyFile: try path("public_key_file"), snapshot: try path("snapshot"), auditLog: try path("audit_log"),
            stateDirectory: try path("state_directory"), controlSocket: try path("control_socket"), broker: broker, discoveryPrefix: discoveryPrefix)
    }
}
