import Credentials
import EV2SecureMessaging
import TOML

/// The keys of `[credentials.ntag424]`, read: what the reader challenges an NTAG 424 DNA with.
public struct KeyedCardKeys: Sendable {
    /// The section the keys were read for.
    public let config: KeyedCardConfig
    /// Each master key with the card key version it serves (nil: the only one, not asked).
    let masters: [(version: UInt8?, key: AESKey)]
    /// The shared key for reading a random-ID card's real UID.
    let uidKey: AESKey?

    /// Keys already read (tests).
    public init(config: KeyedCardConfig, masters: [(version: UInt8?, key: AESKey)], uidKey: AESKey? = nil) {
        self.config = config
        self.masters = masters
        self.uidKey = uidKey
    }

    /// Reads every key file `config` names (`AESKeyFile`), refusing the all-zero factory key.
    ///
    /// - Throws: the key file's refusal, or the factory key, as a `ConfigError` naming the key.
    public init(reading config: KeyedCardConfig) throws(ConfigError) {
        var masters: [(version: UInt8?, key: AESKey)] = []
        for master in config.masterKeys {
            masters.append((master.version, try Self.read(master.path, key: master.version == nil ? "master_key_file" : "master_keys")))
        }
        let uidKey = try config.uidKey.map { uid throws(ConfigError) in try Self.read(uid.path, key: "uid_key") }
        self.init(config: config, masters: masters, uidKey: uidKey)
    }

    private static func read(_ path: String, key: String) throws(ConfigError) -> AESKey {
        let aes: AESKey
        do throws(SecretFileError) { aes = try AESKeyFile.read(path, noun: "credentials.ntag424.\(key)") } catch {
            var located = ConfigError(error)
            located.key = "credentials.ntag424.\(key)"
            throw located
        }
        guard !aes.isFactoryDefault else {
            var error = ConfigError(.invalid, message: "credentials.ntag424.\(key) \(path) holds the all-zero factory key: anyone can make a card that proves it; write 16 random bytes (head -c 16 /dev/urandom > FILE; chmod 600 FILE)")
            error.key = "credentials.ntag424.\(key)"
            throw error
        }
        return aes
    }

    /// The card key of the card with real UID `uid` whose key has `version` (nil: not asked):
    /// AN10922(master, UID ‖ system id).
    func cardKey(uid: [UInt8], version: UInt8?) -> AESKey? {
        let master = if let version { masters.first { $0.version == version } } else { masters.first }
        guard let master, let input = KeyDiversification.input(uid: uid, systemIdentifier: config.systemIdentifier) else { return nil }
        return KeyDiversification.aes128(master: master.key, input: input)
    }

    /// The challenge the reader runs on an NTAG 424 DNA.
    public var proofRequest: EV2ProofRequest {
        let keys = self
        var shared: (keyNumber: UInt8, key: AESKey)?
        if let number = config.uidKey?.keyNumber, let uidKey { shared = (number, uidKey) }
        return EV2ProofRequest(
            keyNumber: config.keyNumber, asksKeyVersion: masters.contains { $0.version != nil }, uidKey: shared,
            cardKey: { uid, version in keys.cardKey(uid: uid, version: version) })
    }
}
