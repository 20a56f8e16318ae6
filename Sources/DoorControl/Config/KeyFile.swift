import Credentials
import TOML

/// The door's token key, `security.key_file`, read by the one secret-file reader
/// (`SecretFile`) with its refusals as configuration errors.
public enum KeyFile {
    /// The key's bytes.
    ///
    /// - Throws: `SecretFile.read`'s refusals as `ConfigError`s of the same kind and message.
    public static func read(_ path: String) throws(ConfigError) -> [UInt8] {
        do throws(SecretFileError) { return try SecretFile.read(path) } catch { throw ConfigError(error) }
    }
}

extension ConfigError {
    /// A refused secret file as a configuration error of the same kind.
    init(_ error: SecretFileError) {
        let kind: Kind = switch error.kind {
        case .missingFile: .missingFile
        case .permission: .permission
        case .invalid: .invalid
        case .unreadable: .unreadable
        }
        self.init(kind, message: error.message)
    }
}
