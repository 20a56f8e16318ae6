import Crypto
import TOML

extension DoorPolicy {
    /// The policy for `config` as loaded from `file`: the token key read from
    /// `security.key_file`, the originality key `security.originality_key` names and the keys
    /// of each `[credentials.…]` section.
    ///
    /// - Throws: a key file's error, located at `file` and its key.
    public init(loading config: DoorConfig, from file: String) throws(ConfigError) {
        let key = try config.security.keyFile.map { path throws(ConfigError) in
            do throws(ConfigError) { return SymmetricKey(data: try KeyFile.read(path)) } catch {
                var located = error
                located.file = file
                located.key = "security.key_file"
                throw located
            }
        }
        var keyed: [KeyedCardKeys] = []
        for section in config.keyedSections {
            do throws(ConfigError) { keyed.append(try KeyedCardKeys(reading: section)) } catch {
                var located = error
                located.file = file
                throw located
            }
        }
        self.init(config: config, tokenKey: key, originalityKey: config.security.originalityKey.publicKey, keyedCards: keyed)
    }
}
