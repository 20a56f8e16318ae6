import Credentials
import EV2SecureMessaging
import TOML

/// The keys of a `[credentials.…]` section (`ntag424`, `desfire`, `ultralight_aes`), read:
/// what the reader challenges a card of that family with.
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
            masters.append((master.version, try Self.read(master.path, key: "\(config.family.section).\(master.version == nil ? "master_key_file" : "master_keys")")))
        }
        let uidKey = try config.uidKey.map { uid throws(ConfigError) in try Self.read(uid.path, key: "\(config.family.section).uid_key") }
        self.init(config: config, masters: masters, uidKey: uidKey)
    }

    private static func read(_ path: String, key: String) throws(ConfigError) -> AESKey {
        let aes: AESKey
        do throws(SecretFileError) { aes = try AESKeyFile.read(path, noun: key) } catch {
            var located = ConfigError(error)
            located.key = key
            throw located
        }
        guard !aes.isFactoryDefault else {
            var error = ConfigError(.invalid, message: "\(key) \(path) holds the all-zero factory key: anyone can make a card that proves it; write 16 random bytes (head -c 16 /dev/urandom > FILE; chmod 600 FILE)")
            error.key = key
            throw error
        }
        return aes
    }

    /// The card key of the card with real UID `uid` whose key has `version` (nil: not asked):
    /// AN10922(master, UID ‖ key number ‖ system id) on an NTAG 424 DNA, AN10922(master, UID ‖
    /// AID ‖ system id) on a DESFire.
    func cardKey(uid: [UInt8], version: UInt8?) -> AESKey? {
        let master = if let version { masters.first { $0.version == version } } else { masters.first }
        guard let master else { return nil }
        switch config.family {
        case .ntag424:
            return KeyDiversification.ntag424CardKey(master: master.key, uid: uid, keyNumber: config.keyNumber, systemIdentifier: config.systemIdentifier)
        case .desfire:
            return KeyDiversification.desfireCardKey(master: master.key, uid: uid, application: config.application, systemIdentifier: config.systemIdentifier)
        case .ultralightAES:
            return KeyDiversification.ultralightAESCardKey(master: master.key, uid: uid, systemIdentifier: config.systemIdentifier)
        }
    }

    /// The challenge the reader runs on a card of the section's family (for an Ultralight AES
    /// only `cardKey` is used: its AES authentication is not EV2's).
    public var proofRequest: EV2ProofRequest {
        let keys = self
        var shared: (keyNumber: UInt8, key: AESKey)?
        if let number = config.uidKey?.keyNumber, let uidKey { shared = (number, uidKey) }
        // The decoder takes 3 bytes for a DESFire AID; a section built otherwise (a test's) with
        // another length falls to the NTAG 424 DNA application, which a DESFire does not have.
        let application = config.family == .desfire ? EV2ProofRequest.Application.desfire(wireOrder: config.application) ?? .ntag424DNA : .ntag424DNA
        return EV2ProofRequest(
            application: application, keyNumber: config.keyNumber, asksKeyVersion: masters.contains { $0.version != nil }, uidKey: shared,
            cardKey: { uid, version in keys.cardKey(uid: uid, version: version) })
    }
}
