import Credentials
import PN532Reader
import TOML

/// Setups that are valid but weaker than they look: `door check-config` prints them and
/// `door run` logs them at start. (Setups that are plainly unsafe are refused by the loader:
/// a user with both `uid` and `token = true`, the published test originality key with a real
/// reader, a key file with almost no entropy, `security.require_genuine` with a user it could
/// never let in.)
extension DoorConfig {
    /// One warning per weak setting, naming the key and what to do.
    ///
    /// - Parameter key: the bytes of `security.key_file`, when there is one.
    public func securityWarnings(key: [UInt8]?) -> [String] {
        var warnings: [String] = []
        let tokenUsers = users.filter { $0.credentials.contains(.signedToken) }.map(\.name)
        if gpio.isSimulated {
            warnings.append("gpio.backend = \"sim\": SIMULATED GPIO, no lock is wired: the relay and the inputs are only files in \(gpio.simDirectory) (for trying the door without a board, never for a real door)")
        }
        if let key, SecretFile.looksLikeText(key) {
            warnings.append("security.key_file holds only printable text (a passphrase or hex?): a key should be random bytes (pn532ctl key new --force FILE)")
        }
        if security.acceptV1Tokens {
            warnings.append("security.accept_v1_tokens = true: version 1 tokens carry no site, key id or expiry under their MAC (any door with the key accepts them); reissue them with `pn532ctl token issue` and turn this off")
        }
        if !tokenUsers.isEmpty, !security.rollingCounter {
            warnings.append("security.rolling_counter is off: a copy of a token user's tag (\(tokenUsers.joined(separator: ", "))) opens for ever, undetected; turn it on")
        }
        if !tokenUsers.isEmpty, !security.requireGenuine {
            warnings.append("security.require_genuine is off: token users' tags (\(tokenUsers.joined(separator: ", "))) can be copied to blank tags that fake nothing; turn it on")
        }
        if !security.requireSynchronisedClock, users.contains(where: \.isTimeBound) {
            warnings.append("security.require_synchronised_clock = false: users with dates or a schedule are let in by a clock nobody set (a Pi has no battery clock)")
        }
        if security.lockout == nil {
            warnings.append("security.lockout = false: guesses are not limited")
        }
        for user in users {
            for case let .uid(uid) in user.credentials {
                warnings.append("user \(TOMLFormat.string(user.name)) has uid \(UIDNotation.format(uid)): a UID is copyable (anyone who reads it can write it onto a UID-changeable tag or emulate it); give the user an NTAG 424 DNA (ntag424) instead")
            }
        }
        for keyed in keyedSections where !keyed.requireGenuine {
            warnings.append("\(keyed.family.section).require_genuine = false: cards whose originality signature is not NXP's are let in when they prove their key")
        }
        if !reader.pollsOtherFamilies {
            for user in users {
                for case let .uid(uid) in user.credentials where uid.count == Self.feliCaIDmLength {
                    warnings.append("user \(TOMLFormat.string(user.name)) has the 8-byte uid \(UIDNotation.format(uid)), a FeliCa IDm, but reader.other_families = false: the reader never polls FeliCa, so it never matches; turn other_families on")
                }
            }
        }
        return warnings
    }

    /// The UID length of an NTAG21x, the only tags `security.require_genuine` can check.
    static let ntag21xUIDLength = 7

    /// The length of a FeliCa card's IDm, the only family whose identifier has 8 bytes.
    static let feliCaIDmLength = 8

    /// Why this configuration is unsafe to run, or nil: checked by the loader.
    func securityRefusal() -> (key: String, message: String)? {
        if security.originalityKey == .test, !reader.isSimulator {
            return ("security.originality_key", "\"test\" is the published pn532ctl test key (its private key is in the documentation: anyone can sign a fake tag with it); use \"nxp\" with a real reader")
        }
        if security.requireGenuine {
            for (index, user) in users.enumerated() {
                if let family = user.uidFamily, family != .type2 {
                    return ("users[\(index)].uid_family", "user \(TOMLFormat.string(user.name)) has uid_family = \(TOMLFormat.string(family.rawValue)) but security.require_genuine = true checks NTAG21x signatures, which only Type 2 tags carry: this user would always be refused; give the user an NTAG 424 DNA (ntag424), or turn require_genuine off")
                }
                for case let .uid(uid) in user.credentials where uid.count != Self.ntag21xUIDLength {
                    return ("users[\(index)].uid", "user \(TOMLFormat.string(user.name)) has the \(uid.count)-byte uid \(UIDNotation.format(uid)) but security.require_genuine = true checks NTAG21x signatures, which only 7-byte Type 2 tags carry: this user would always be refused; remove the uid, or give the user an NTAG 424 DNA (ntag424)")
                }
            }
        }
        for (index, user) in users.enumerated() where user.credentials.contains(.signedToken) {
            if user.credentials.contains(where: { if case .uid = $0 { true } else { false } }) {
                return ("users[\(index)].uid", "user \(TOMLFormat.string(user.name)) has both uid and token = true: a copy of the UID alone opens, so the token adds nothing; remove uid (or, if a UID-only card is really meant, give it its own user entry)")
            }
        }
        return nil
    }
}

extension ReaderConfig {
    /// True for the in-process simulator (`sim`, `sim:…`).
    var isSimulator: Bool {
        (try? DeviceSpec.parse(device))?.isSimulator ?? false
    }
}
