import Basics
import EV2SecureMessaging
import NFCCore

/// Why `ntag424 provision` did not finish a card, each saying what the card holds now and
/// what to do. The refusals change nothing on the card.
public enum NTAG424ProvisioningError: Error, Equatable, CustomStringConvertible {
    /// The card is not an NTAG 424 DNA (its family's name): nothing sent past identification.
    case notNTAG424(String)
    /// The card shows a UID that is not a fixed 7-byte NXP one (a random ID `08…`: an NTAG 424
    /// DNA whose random ID is on, which provisioning turns on last, or a phone).
    case noFixedUID([UInt8])
    /// The card's key versions (0 … 4) are neither the factory's (00) nor this run's.
    case foreignKeyVersions([UInt8], expected: UInt8)
    /// Key 0 is at version 00 and not the factory key.
    case keyZeroNotFactory
    /// Key 0 is at this run's version and not this site's key.
    case keyZeroNotOurs(version: UInt8)
    /// Key `number` is at this run's version and not this site's key, while key 0 is factory.
    case foreignKey(UInt8, version: UInt8)
    /// The NDEF file's settings are neither the factory's nor this run's, while key 0 is factory.
    case foreignFileSettings(String)
    /// Where key 0 stood when a command failed.
    public enum KeyZero: Equatable, Sendable {
        /// Still the factory key.
        case factory
        /// Its change was sent and not answered: the card applied it whole, or not at all.
        case changing
        /// The site's key.
        case site
    }

    /// A command failed: the card left, or refused; `keyZero` says where key 0 stood.
    case interrupted(EV2Error, keyZero: KeyZero)
    /// The card is keyed with the site's key 0 but does not verify (`problem`).
    case verification(String)

    /// True when the card stopped answering (it left the field).
    public var tagLeft: Bool {
        if case let .interrupted(error, _) = self, case .noAnswer? = error.exchangeFailure { return true }
        return false
    }

    public var description: String {
        switch self {
        case .notNTAG424(let family): "not an NTAG 424 DNA (\(family)): nothing was changed"
        case .noFixedUID(let uid):
            "the card shows UID \(Hex.encode(uid)), not a fixed 7-byte UID (random ID is on, or a phone): its keys, derived from its real UID, cannot be found; nothing was changed"
        case .foreignKeyVersions(let versions, let expected):
            "key versions \(versions.map { Hex.encode([$0]) }.joined(separator: " ")) (keys 0-4) are neither the factory's (00) nor this run's (\(Hex.encode([expected]))): keyed by another site or plan; nothing was changed"
        case .keyZeroNotFactory:
            "key 0 is at version 00 but is not the factory key: keyed by another site; nothing was changed"
        case .keyZeroNotOurs(let version):
            "key 0 (version \(Hex.encode([version]))) does not authenticate with this site's key: another site's card, or another master key or --system-id; nothing was changed"
        case .foreignKey(let number, let version):
            "key \(number) (version \(Hex.encode([version]))) does not authenticate with this site's key: keyed by another plan; nothing was changed"
        case .foreignFileSettings(let settings):
            "the NDEF file's settings (\(settings)) are neither the factory's nor this run's: nothing was changed"
        case .interrupted(let error, .factory): "\(error): key 0 is still the factory key: present the card again to resume"
        case .interrupted(let error, .changing):
            "\(error): key 0 was being changed (its version tells whether it was): present the card again to resume or verify it"
        case .interrupted(let error, .site): "\(error): key 0 already holds this site's key: present the card again to verify it"
        case .verification(let problem):
            "verification failed: \(problem); key 0 holds this site's key: present the card again to verify it again, and keep it apart if it still fails"
        }
    }
}
