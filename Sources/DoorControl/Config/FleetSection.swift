import Basics
import DaemonKit
import DoorRecords
import POSIXIO
import SystemPackage
import TOML

/// `[fleet]` of `door.toml`: this door's users come from a snapshot signed by the fleet's
/// administrator (`pn532ctl fleet sign`), which the uplink writes beside the door. The door
/// verifies it itself, at every start and reload, before it uses a single user: the
/// signature with the fleet's public key, the site and the group. A snapshot that does not
/// verify is a configuration error: the door does not start, or a reload keeps the users
/// it has.
public struct FleetConfig: Equatable, Sendable {
    /// The site this door is in.
    public var site: String
    /// This door's group.
    public var group: String
    /// The fleet's public key file (`fleet key new`'s FILE.pub).
    public var publicKeyFile: String
    /// The signed snapshot's file.
    public var snapshot: String
    /// The version of the snapshot the users came from.
    public var version: UInt64
    /// The SHA-256 of the snapshot's payload, in hex: what the uplink reports as applied.
    public var digest: String
    /// When the snapshot was signed, seconds since the epoch.
    public var issued: UInt64 = 0
    /// `stale_after_hours`: how long after its issue time the snapshot is stale, and the door
    /// raises an alarm (it keeps deciding with it); nil: never.
    public var staleAfter: Duration?
    /// `control_socket` and `uplink_user`: the door's control socket; nil: none.
    public var control: ControlSocketConfig?
    /// `remote_unlock = true` with `door` and `unlock_public_key_file`; nil: the door obeys
    /// no remote unlock.
    public var remoteUnlock: RemoteUnlockConfig?

    /// A verified snapshot's facts.
    public init(site: String, group: String, publicKeyFile: String, snapshot: String, version: UInt64, digest: String) {
        self.site = site
        self.group = group
        self.publicKeyFile = publicKeyFile
        self.snapshot = snapshot
        self.version = version
        self.digest = digest
    }

    /// The alarm's text when the snapshot is stale at `now`, else nil.
    public func staleness(at now: AuditTime) -> String? {
        guard let staleAfter, now.epochSeconds >= 0 else { return nil }
        let age = Int64(clamping: UInt64(now.epochSeconds) &- min(issued, UInt64(now.epochSeconds)))
        guard Duration.seconds(age) > staleAfter else { return nil }
        return "the users snapshot (version \(version)) was signed \(age / 3600) h ago, more than fleet.stale_after_hours = \(staleAfter.components.seconds / 3600): "
            + "the door keeps deciding with it; check the uplink and that the administrator signs a new one"
    }
}

extension FleetConfig {
    /// The users from the snapshot `[fleet]` names, verified, merged into `root` as its
    /// `[[users]]` (errors in them name the snapshot); `root` unchanged and nil without
    /// `[fleet]`.
    ///
    /// - Throws: `ConfigError` naming the `[fleet]` key: a bad key or name, a file that cannot
    ///   be read, a snapshot that does not verify, or `[[users]]` in door.toml beside `[fleet]`.
    static func merge(into root: ConfigSection) throws(ConfigError) -> (ConfigSection, FleetConfig?) {
        guard let section = try root.section("fleet") else { return (root, nil) }
        try section.checkKeys(["site", "group", "public_key_file", "snapshot", "stale_after_hours", "control_socket", "uplink_user", "control_group", "door", "remote_unlock", "unlock_public_key_file"])
        if let users = root["users"] {
            throw root.error("users", "[fleet] gives this door its users from the signed snapshot: remove [[users]] from this file (or remove [fleet])", at: users)
        }
        func name(_ key: String) throws(ConfigError) -> String {
            guard let value = try section.text(key) else { throw section.missing(key) }
            guard FleetName.isValid(value) else { throw section.error(key, UsersSnapshotError.badName(field: key, value).description, at: section[key]) }
            return value
        }
        func path(_ key: String) throws(ConfigError) -> String {
            guard let value = try section.absolutePath(key) else { throw section.missing(key) }
            return value
        }
        let site = try name("site"), group = try name("group")
        let keyFile = try path("public_key_file"), snapshotFile = try path("snapshot")
        let keyText: [UInt8]
        do throws(FleetFileError) { keyText = try Self.read(keyFile, limit: 256) } catch {
            throw section.error("public_key_file", "cannot read \(keyFile): \(error)", at: section["public_key_file"])
        }
        guard let key = String(validating: keyText, as: UTF8.self).flatMap(FleetPublicKey.init(fileText:)) else {
            throw section.error("public_key_file", "\(keyFile) is not a fleet public key (the FILE.pub that pn532ctl fleet key new writes)", at: section["public_key_file"])
        }
        var payload: [UInt8]
        do throws(FleetFileError) { payload = try Self.read(snapshotFile, limit: SignedUsersSnapshot.sizeLimit + 1) } catch {
            throw section.error("snapshot", "cannot read \(snapshotFile): \(error) (the uplink writes it; pn532ctl fleet sign makes one)", at: section["snapshot"])
        }
        if payload.last == UInt8(ascii: "\n") { payload.removeLast() }
        let snapshot: UsersSnapshot
        do throws(UsersSnapshotError) { snapshot = try key.verify(try SignedUsersSnapshot(json: payload), site: site, group: group) } catch {
            throw section.error("snapshot", "\(snapshotFile): \(error)", at: section["snapshot"])
        }
        let users = try ConfigFile.parse(snapshot.users, file: snapshotFile)
        for key in users.keys where key != "users" {
            throw ConfigError(file: snapshotFile, line: users[key]?.line, key: key, message: "a snapshot holds only [[users]] tables")
        }
        var merged = root
        if let list = users["users"] { merged.table.set("users", list) }
        merged.source.usersFile = snapshotFile
        var fleet = FleetConfig(site: site, group: group, publicKeyFile: keyFile, snapshot: snapshotFile, version: snapshot.version, digest: SignedUsersSnapshot.digest(of: payload))
        fleet.issued = snapshot.issued
        fleet.staleAfter = try section.integer("stale_after_hours", in: 1...87_600, unit: "hours").map { .seconds(Int64($0) * 3600) }
        fleet.control = try ControlSocketConfig(section)
        fleet.remoteUnlock = try RemoteUnlockConfig(section, control: fleet.control)
        return (merged, fleet)
    }

    /// The file at `path`, at most `limit` bytes and one more (which the caller refuses).
    /// Opened without blocking and read only when it is a regular file: the snapshot is
    /// written by another account (the uplink's), which could leave a FIFO there to hold the
    /// door's start or reload.
    static func read(_ path: String, limit: Int) throws(FleetFileError) -> [UInt8] {
        let file: FileDescriptor
        do throws(Errno) { file = try FileDescriptor.opening(path, .readOnly, options: .nonBlocking) } catch { throw FleetFileError(description: "\(error)") }
        defer { file.closeQuietly() }
        let isRegular: Bool
        do throws(Errno) { isRegular = try file.stat().type == .regular } catch { throw FleetFileError(description: "\(error)") }
        guard isRegular else { throw FleetFileError(description: "it is not a regular file") }
        do throws(Errno) { return try file.readToEnd(limit: limit) } catch { throw FleetFileError(description: "\(error)") }
    }
}

/// Why a file `[fleet]` names could not be read.
struct FleetFileError: Error {
    /// What went wrong.
    var description: String
}

extension FleetConfig {
}

/// `control_socket` and `uplink_user` of `[fleet]`: the door listens for `reload` and
/// `status` requests (`ControlRequest`) on a unix socket, and keeps a connection only from
/// the uplink's account.
public struct ControlSocketConfig: Equatable, Sendable {
    /// The account `uplink_user` names when the file names none.
    public static let defaultUplinkUser = "pn532ctl-uplink"

    /// The socket's path (absolute).
    public var path: String
    /// `uplink_user`: the account whose connections are kept, as the file names it.
    public var uplinkUser: String
    /// That account's uid.
    public var uplinkUID: UInt32
    /// `control_group`: the group the socket file is given (mode 0660), so that the uplink's
    /// account reaches it without being in the door's own group (which reads the door's key);
    /// nil: the door's group.
    public var group: String?
    /// That group's gid.
    public var groupID: UInt32?

    /// The control socket `section` names; nil without `control_socket`.
    ///
    /// - Throws: `ConfigError` naming the key: a path that is not absolute, an account that
    ///   does not exist.
    init?(_ section: ConfigSection) throws(ConfigError) {
        guard let path = try section.absolutePath("control_socket") else {
            for key in ["uplink_user", "control_group"] where section[key] != nil {
                throw section.error(key, "belongs to the control socket: set control_socket too, or remove it", at: section[key])
            }
            return nil
        }
        guard case .success = SocketDestination.parse(path) else {
            throw section.error("control_socket", "\(path) is too long for a unix socket (107 bytes at most)", at: section["control_socket"])
        }
        let user = try section.text("uplink_user") ?? Self.defaultUplinkUser
        guard let account = AccountID.lookUp(user) else {
            throw section.error(
                "uplink_user", "\(user): no such account (getent passwd \(user)): name the account the uplink runs as (by default \(Self.defaultUplinkUser)); requests from no other uid are accepted",
                at: section["uplink_user"] ?? section["control_socket"])
        }
        self.path = path
        self.uplinkUser = user
        self.uplinkUID = account.uid
        if let group = try section.text("control_group") {
            guard let gid = GroupID.lookUp(group) else {
                throw section.error("control_group", "\(group): no such group (getent group \(group)): name a group the door's and the uplink's accounts are both in", at: section["control_group"])
            }
            self.group = group
            groupID = gid
        }
    }
}
