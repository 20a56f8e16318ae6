import Basics
import Credentials
import DESFire
import EV2SecureMessaging
import NFCCore

/// Where an NTAG 424 DNA stands, for a technician (`ntag424 status`): its key versions, the
/// key 0 that authenticates, its NDEF file's settings and SUN, and what that means for
/// `ntag424 provision`. Nothing is written; at most one authentication is tried (key 0: the
/// factory key at version 00, else the site's when its keys are given).
public struct NTAG424Status: Equatable, Sendable {
    /// Which key 0 authenticates.
    public enum KeyZero: String, Sendable {
        /// The all-zero factory key.
        case factory
        /// This site's diversified key 0.
        case site
        /// Neither the one tried.
        case other
        /// None tried (key 0 is not at 00 and no site keys were given).
        case untried
    }

    /// What `ntag424 provision` would do with the card.
    public enum Stage: String, Sendable {
        /// A factory card: all of it.
        case factory
        /// Started and stopped: it resumes.
        case partial
        /// Keyed with this site's key 0: it verifies.
        case provisioned
        /// Another site's, or another plan's: it refuses.
        case foreign
        /// Keyed (key 0 not at 00), and no site keys given to tell whose.
        case keyed
    }

    /// The listed UID.
    public var uid: [UInt8]
    /// Versions of keys 0 … 4.
    public var keyVersions: [UInt8]
    /// Which key 0 authenticates.
    public var keyZero: KeyZero
    /// The NDEF file's settings.
    public var ndefFile: EV2FileSettings
    /// What provisioning would do.
    public var stage: Stage

    /// Reads the status of the NTAG 424 DNA behind `card`, listed with `uid`, for the site of
    /// `keys` (nil: not given).
    ///
    /// - Throws: the first command that fails.
    public static func read(_ card: EV2Card, uid: [UInt8], keys: NTAG424Keys?) throws(EV2Error) -> NTAG424Status {
        try NTAG424Provisioner.select(card)
        let versions = try NTAG424Keys.numbers.map { number throws(EV2Error) in try card.keyVersion(number) }
        let settings = try card.fileSettings(NTAG424Provisioner.ndefFile)
        var keyZero = KeyZero.untried
        let candidate: (AESKey, KeyZero)? = versions[0] == 0
            ? (.factoryDefault, .factory)
            : uid.count == 7 ? keys.map { ($0.key(NTAG424Keys.applicationMaster, uid: uid), .site) } : nil
        if let (key, kind) = candidate {
            do throws(EV2Error) {
                try card.authenticateFirst(keyNumber: NTAG424Keys.applicationMaster, key: key)
                keyZero = kind
            } catch .status(.authenticationError, _) {
                keyZero = .other
            }
        }
        let stage: Stage
        switch (keyZero, versions.allSatisfy { $0 == 0 }) {
        case (.other, _): stage = .foreign
        case (.factory, true) where settings.sdm == nil && settings.accessRights.write == EV2AccessRights.free: stage = .factory
        case (.factory, _): stage = keys.map { k in versions.allSatisfy { $0 == 0 || $0 == k.version } } == false ? .foreign : .partial
        case (.site, _): stage = .provisioned
        case (.untried, _): stage = .keyed
        }
        return NTAG424Status(uid: uid, keyVersions: versions, keyZero: keyZero, ndefFile: settings, stage: stage)
    }

    /// The stage in words, with what to do.
    public var advice: String {
        switch stage {
        case .factory: "factory card: ntag424 provision keys it"
        case .partial: "partly provisioned (key 0 is still the factory key): ntag424 provision resumes it"
        case .provisioned: "provisioned with this site's key 0: ntag424 provision checks it again"
        case .foreign: "keyed by another site or another plan: ntag424 provision refuses it"
        case .keyed: "keyed (key 0 at version \(Hex.encode([keyVersions[0]]))): give --master-key-file to see whether it is this site's"
        }
    }
}
