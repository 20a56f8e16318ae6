import Crypto
import TOML

extension DoorPolicy {
    /// The policy for `config` as loaded from `file`: the token key read from
    /// `security.key_file` and the originality key `security.originality_key` names.
    ///
    /// - Throws: the key file's error, located at `file` and `security.key_file`.
    public init(loading config: DoorConfig, from file: String) throws(ConfigError) {
        let key = try config.security.keyFile.map { path throws(ConfigError) in
            do throws(ConfigError) { return SymmetricKey(data: try KeyFile.read(path)) } catch {
                var located = error
                located.file = file
                located.key = "security.key_file"
                throw located
            }
        }
        self.init(config: config, tokenKey: key, originalityKey: config.security.originalityKey.publicKey)
    }
}
