/// A door group's users, versioned and signed by the site's administrator: what
/// `pn532ctl fleet sign` makes, the uplink receives over MQTT and a door applies. The users
/// are `[[users]]` tables in door.toml's own syntax, carried as text: what they mean is
/// checked by `fleet sign` and again by the door, against its own credential sections, before
/// it uses them.
public struct UsersSnapshot: Equatable, Sendable {
    /// The format's name, the first thing signed: another format or version never verifies.
    public static let format = "pn532ctl-users-snapshot/1"
    /// The site (`hq`): a fleet name, so a snapshot signed for one site never applies at another.
    public let site: String
    /// The door group (`front-doors`): a fleet name.
    public let group: String
    /// The version, from 1 to 2^63 − 1, strictly increasing: a door applies only a newer one.
    public let version: UInt64
    /// When it was signed, seconds since the epoch (UTC), at most 2^63 − 1.
    public let issued: UInt64
    /// The `[[users]]` tables.
    public let users: String

    /// A snapshot, its fields checked.
    ///
    /// - Throws: `UsersSnapshotError` naming the field.
    public init(site: String, group: String, version: UInt64, issued: UInt64, users: String) throws(UsersSnapshotError) {
        guard FleetName.isValid(site) else { throw .badName(field: "site", site) }
        guard FleetName.isValid(group) else { throw .badName(field: "group", group) }
        guard version >= 1, version <= UInt64(Int64.max) else { throw .badVersion }
        guard issued <= UInt64(Int64.max) else { throw .badIssueTime }
        guard !users.utf8.contains(0) else { throw .badUsers("it holds a NUL byte") }
        self.site = site
        self.group = group
        self.version = version
        self.issued = issued
        self.users = users
    }

    /// The bytes the signature covers: the format, site, group, version and issue time in
    /// decimal, and the users, each ended by a NUL (none of them can hold one).
    public var signedBytes: [UInt8] {
        var bytes: [UInt8] = []
        for field in [Self.format, site, group, String(version), String(issued), users] {
            bytes += Array(field.utf8)
            bytes.append(0)
        }
        return bytes
    }
}
