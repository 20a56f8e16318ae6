import Basics
import POSIXIO
import SystemPackage
import TOML

#if canImport(Glibc)
import Glibc
#endif

/// The fleet snapshot a door last put in force, kept in its state directory
/// (`fleet-applied`: `SITE GROUP VERSION SHA256`), so that a restart cannot bring back an
/// older signed snapshot than the one a reload had applied: a snapshot older than the record,
/// or another one of the same version, keeps the door from starting.
public struct FleetAppliedRecord: Equatable, Sendable {
    /// The file's name in the state directory.
    public static let fileName = "fleet-applied"

    /// The site, group, version and SHA-256 (hex) of the snapshot in force.
    public var site: String
    public var group: String
    public var version: UInt64
    public var digest: String

    /// The record of `fleet`.
    public init(_ fleet: FleetConfig) {
        self.init(site: fleet.site, group: fleet.group, version: fleet.version, digest: fleet.digest)
    }

    /// A record of these fields.
    public init(site: String, group: String, version: UInt64, digest: String) {
        self.site = site
        self.group = group
        self.version = version
        self.digest = digest
    }

    /// What a file that is not a record is told.
    private static let notARecord =
        "not a record of a fleet snapshot (SITE GROUP VERSION SHA256): remove it only if you trust the snapshot file, since it guards against an older snapshot"

    /// The record in `directory`; nil when there is none.
    ///
    /// - Throws: `ConfigError` naming the file when it cannot be read or is not a record.
    public static func load(from directory: String) throws(ConfigError) -> FleetAppliedRecord? {
        let path = directory + "/" + fileName
        let bytes: [UInt8]
        do throws(OwnFileReadError) {
            guard let read = try OwnFile.read(path, limit: 512) else { return nil }
            bytes = read
        } catch {
            switch error {
            case .symbolicLink: throw ConfigError(file: path, message: "cannot open the record of the fleet snapshot in force: \(Errno.tooManySymbolicLinkLevels)")
            case .open(let code): throw ConfigError(file: path, message: "cannot open the record of the fleet snapshot in force: \(code)")
            case .notOwn(let problem): throw ConfigError(file: path, message: "\(problem)")
            case .read(let code): throw ConfigError(file: path, message: "cannot read: \(code)")
            case .tooLarge: throw ConfigError(file: path, message: Self.notARecord)
            }
        }
        let fields = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 4, let version = UInt64(fields[2]) else { throw ConfigError(file: path, message: Self.notARecord) }
        return FleetAppliedRecord(site: String(fields[0]), group: String(fields[1]), version: version, digest: String(fields[3]))
    }

    /// Refuses `fleet` when it is older than this record of the same site and group, or
    /// another snapshot of the same version.
    ///
    /// - Throws: `ConfigError` naming the snapshot.
    public func check(_ fleet: FleetConfig) throws(ConfigError) {
        guard fleet.site == site, fleet.group == group else { return }
        guard fleet.version > version || (fleet.version == version && fleet.digest == digest) else {
            let why = fleet.version == version ? "is another snapshot of version \(version), the one last in force" : "is version \(fleet.version), older than version \(version) last in force"
            throw ConfigError(file: fleet.snapshot, key: "fleet.snapshot", message: "\(why): refused (a replayed snapshot? the uplink applies only newer ones)")
        }
    }

    /// Writes the record to `directory`, whole or not at all.
    ///
    /// - Throws: `AtomicCreateError`.
    public func save(to directory: String) throws(AtomicCreateError) {
        let text = "\(site) \(group) \(version) \(digest)\n"
        try AtomicCreate.create(directory + "/" + Self.fileName, with: Array(text.utf8), permissions: [.ownerReadWrite, .groupRead], replacing: true)
    }
}
