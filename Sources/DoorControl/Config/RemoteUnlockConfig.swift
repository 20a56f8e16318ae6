import DoorRecords
import POSIXIO
import SystemPackage
import TOML

/// `remote_unlock`, `door` and `unlock_public_key_file` of `[fleet]`: the door obeys a signed
/// unlock command (`pn532ctl fleet unlock`) that arrives on its control socket when it is
/// signed with the unlock key, names this door, is short-lived and new (`UnlockGate`). Off
/// unless `remote_unlock = true`.
public struct RemoteUnlockConfig: Equatable, Sendable {
    /// This door's id, as unlock commands name it (the uplink's `door`).
    public var door: String
    /// The unlock public key's file (not the snapshot key's).
    public var keyFile: String
    /// The unlock public key.
    public var key: FleetPublicKey

    /// The remote unlock `section` sets up; nil unless `remote_unlock = true`.
    ///
    /// - Throws: `ConfigError` naming the key: no `door`, a bad name, no control socket, a key
    ///   file that cannot be read or is not a fleet public key.
    init?(_ section: ConfigSection, control: ControlSocketConfig?) throws(ConfigError) {
        guard try section.bool("remote_unlock") == true else {
            for key in ["unlock_public_key_file"] where section[key] != nil {
                throw section.error(key, "belongs to remote_unlock = true: set it, or remove this key", at: section[key])
            }
            return nil
        }
        guard control != nil else {
            throw section.error("remote_unlock", "unlock commands arrive on the control socket: set control_socket (and uplink_user)", at: section["remote_unlock"])
        }
        guard let door = try section.text("door") else { throw section.missing("door", " (this door's id, as the uplink and fleet unlock name it)") }
        guard FleetName.isValid(door) else { throw section.error("door", UsersSnapshotError.badName(field: "door", door).description, at: section["door"]) }
        guard let keyFile = try section.absolutePath("unlock_public_key_file") else { throw section.missing("unlock_public_key_file", " (the FILE.pub of the unlock key pair)") }
        let text: [UInt8]
        do throws(FleetFileError) { text = try FleetConfig.read(keyFile, limit: 256) } catch {
            throw section.error("unlock_public_key_file", "cannot read \(keyFile): \(error)", at: section["unlock_public_key_file"])
        }
        guard let key = String(validating: text, as: UTF8.self).flatMap(FleetPublicKey.init(fileText:)) else {
            throw section.error("unlock_public_key_file", "\(keyFile) is not a fleet public key (the FILE.pub that pn532ctl fleet key new writes)", at: section["unlock_public_key_file"])
        }
        self.door = door
        self.keyFile = keyFile
        self.key = key
    }
}
