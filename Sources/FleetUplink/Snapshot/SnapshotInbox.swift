import DoorRecords
import FileInput
import POSIXIO
import SystemPackage
import TOML

/// Where the uplink puts the users snapshots it receives: the file the door reads
/// (`[fleet] snapshot` in door.toml). A payload is written only when it is a signed
/// snapshot for this site and door group, newer than the one in the file, holding only
/// `[[users]]` tables; it replaces the file atomically or not at all. The door verifies it
/// again before it uses a single user: the uplink's check only keeps garbage off the door's
/// disk and tells the administrator at once.
public struct SnapshotInbox: Sendable {
    /// What became of a payload.
    public enum Outcome: Equatable, Sendable {
        /// Written to the file: the door should reload.
        case written(version: UInt64, digest: String)
        /// The very payload the file holds (a retained snapshot delivered again on reconnect).
        case alreadyHeld(version: UInt64)
        /// Not written, and why.
        case refused(String)
    }

    /// The key the fleet's snapshots are signed with.
    public let publicKey: FleetPublicKey
    /// This door's site.
    public let site: String
    /// This door's group.
    public let group: String
    /// The file the door reads.
    public let path: String

    /// An inbox writing `path`.
    public init(publicKey: FleetPublicKey, site: String, group: String, path: String) {
        self.publicKey = publicKey
        self.site = site
        self.group = group
        self.path = path
    }

    /// Checks `payload` and, when it is newer than the file's snapshot, writes it there.
    public func receive(_ payload: [UInt8]) -> Outcome {
        guard payload.count <= SignedUsersSnapshot.sizeLimit else {
            return .refused(UsersSnapshotError.tooLarge(payload.count).description)
        }
        let held = heldSnapshot()
        let snapshot: UsersSnapshot
        do throws(UsersSnapshotError) {
            let signed = try SignedUsersSnapshot(json: payload)
            if let held, signed.snapshot.version == held.version {
                let digest = SignedUsersSnapshot.digest(of: payload)
                return digest == held.digest
                    ? .alreadyHeld(version: held.version)
                    : .refused("version \(held.version) is already held with other contents (sha256 \(held.digest)): the administrator must sign a new version")
            }
            snapshot = try publicKey.verify(signed, site: site, group: group, applied: held?.version ?? 0)
        } catch {
            return .refused(error.description)
        }
        if let problem = Self.usersProblem(snapshot.users) { return .refused(UsersSnapshotError.badUsers(problem).description) }
        do throws(AtomicCreateError) {
            try AtomicCreate.create(path, with: payload, permissions: [.ownerReadWrite, .groupRead, .otherRead], replacing: true)
        } catch {
            return .refused("cannot write \(path): \(error)")
        }
        return .written(version: snapshot.version, digest: SignedUsersSnapshot.digest(of: payload))
    }

    /// The version and digest of the snapshot in the file when it verifies; nil when there is
    /// none (or one that does not verify, which any valid newer snapshot replaces).
    private func heldSnapshot() -> (version: UInt64, digest: String)? {
        guard let bytes = try? InputFile.read(path, limit: InputLimit(bytes: SignedUsersSnapshot.sizeLimit, for: "a users snapshot")),
              let signed = try? SignedUsersSnapshot(json: bytes),
              let snapshot = try? publicKey.verify(signed, site: site, group: group) else { return nil }
        return (snapshot.version, SignedUsersSnapshot.digest(of: bytes))
    }

    /// Why `users` is not a users section (TOML holding only an array of `[[users]]` tables),
    /// or nil. What each user means is the door's to check, against its credential sections.
    static func usersProblem(_ users: String) -> String? {
        let table: TOMLTable
        do throws(ConfigError) { table = try ConfigFile.parse(users, file: "the snapshot's users") } catch { return "\(error)" }
        for key in table.keys where key != "users" { return "it holds \"\(key)\": a snapshot holds only [[users]] tables" }
        guard let users = table["users"] else { return nil }
        guard case .array(let list) = users.kind, list.allSatisfy({ if case .table = $0.kind { true } else { false } }) else {
            return "\"users\" (line \(users.line)) is not an array of [[users]] tables"
        }
        return nil
    }
}
