import Basics
import TOML

/// `[credentials.ntag424]`, `[credentials.desfire]` and `[credentials.ultralight_aes]`: the keys
/// the door challenges keyed cards with, one section for each family, read by the same rules
/// (an Ultralight AES has one key: no key number, rotation or UID key).
extension DoorConfigDecoder {
    /// The families that have a `[credentials.…]` section.
    static let keyedFamilies = KeyedFamily.allCases.map(\.rawValue)

    /// The real UID of a keyed card: 7 bytes.
    static let keyedUIDLength = 7

    /// Every `[credentials.…]` section present.
    func keyedCards() throws(ConfigError) -> [KeyedFamily: KeyedCardConfig] {
        guard let credentials = try root.section("credentials") else { return [:] }
        try credentials.checkKeys(Self.keyedFamilies)
        var sections: [KeyedFamily: KeyedCardConfig] = [:]
        for family in KeyedFamily.allCases {
            guard let section = try credentials.section(family.rawValue) else { continue }
            sections[family] = try keyedCard(family, section)
        }
        return sections
    }

    private func keyedCard(_ family: KeyedFamily, _ section: ConfigSection) throws(ConfigError) -> KeyedCardConfig {
        switch family {
        case .desfire:
            try section.checkKeys(["application", "key_number", "master_key_file", "master_keys", "system_id", "uid_key", "require_genuine"])
        case .ntag424:
            try section.checkKeys(["key_number", "master_key_file", "master_keys", "system_id", "uid_key", "require_genuine"])
        case .ultralightAES:
            try section.checkKeys(["master_key_file", "system_id", "require_genuine"])
        }
        let application = family == .desfire ? try desfireApplication(section) : []
        let keyNumbers = Self.keyNumbers(family)
        let keyNumber: Int
        if family == .ultralightAES {
            keyNumber = 0
        } else if let number = try section.integer("key_number", in: keyNumbers) {
            keyNumber = number
        } else {
            throw section.missing("key_number", "the card's application key the door authenticates, \(keyNumbers.lowerBound)-\(keyNumbers.upperBound) (e.g. 2)")
        }
        let single = try section.absolutePath("master_key_file")
        let rotation = try section.sections("master_keys")
        var masterKeys: [KeyedCardConfig.MasterKey] = []
        switch (single, rotation.isEmpty) {
        case let (path?, true):
            masterKeys = [KeyedCardConfig.MasterKey(version: nil, path: path)]
        case (nil, false):
            var versions: Set<Int> = []
            for entry in rotation {
                try entry.checkKeys(["version", "file"])
                guard let version = try entry.integer("version", in: 0...255) else { throw entry.missing("version", "the key version cards keyed with this master key carry (GetKeyVersion)") }
                guard let path = try entry.absolutePath("file") else { throw entry.missing("file", "the master key file") }
                guard versions.insert(version).inserted else {
                    throw entry.error("version", "\(version) is given twice: each key version names one master key", at: entry["version"])
                }
                masterKeys.append(KeyedCardConfig.MasterKey(version: UInt8(version), path: path))
            }
        case (_?, false):
            throw section.error("master_keys", "give master_key_file or master_keys, not both", at: section["master_keys"])
        case (nil, true):
            throw section.missing("master_key_file", "the site master key the cards' keys are diversified from (or master_keys during a rotation)")
        }
        var systemIdentifier: [UInt8] = []
        if let text = try section.string("system_id") {
            do throws(HexTextError) { systemIdentifier = try Hex.bytes(text, skipping: [" ", ":"]) } catch {
                throw section.error("system_id", "must be hex digits in pairs: \(error)", at: section["system_id"])
            }
            // AN10922 takes at most 31 bytes: the 7-byte UID, then the key number (1) or the AID (3).
            let (middle, name) = switch family {
            case .ntag424: (1, "UID ‖ key number")
            case .desfire: (3, "UID ‖ AID")
            case .ultralightAES: (0, "UID")
            }
            let before = Self.keyedUIDLength + middle
            let most = 31 - before
            guard (1...most).contains(systemIdentifier.count) else {
                throw section.error(
                    "system_id", "is \(systemIdentifier.count) bytes; after the \(before) bytes of \(name) the input holds at most 31, so 1-\(most)",
                    at: section["system_id"])
            }
        }
        var uidKey: (keyNumber: UInt8, path: String)?
        if let table = try section.section("uid_key") {
            try table.checkKeys(["key_number", "file"])
            guard let number = try table.integer("key_number", in: keyNumbers) else { throw table.missing("key_number", "the key every card shares for reading its real UID") }
            guard let path = try table.absolutePath("file") else { throw table.missing("file", "the UID key file") }
            guard number != keyNumber else {
                throw table.error("key_number", "\(number) is the key the cards prove (key_number): the UID key must be another, shared key", at: table["key_number"])
            }
            uidKey = (UInt8(number), path)
        }
        return KeyedCardConfig(
            family: family, application: application, keyNumber: UInt8(keyNumber), masterKeys: masterKeys, systemIdentifier: systemIdentifier,
            uidKey: uidKey, requireGenuine: try section.bool("require_genuine") ?? true)
    }

    /// The application keys of a family: 0-4 on an NTAG 424 DNA, 0-13 in a DESFire application,
    /// the DataProtKey (0) on an Ultralight AES.
    static func keyNumbers(_ family: KeyedFamily) -> ClosedRange<Int> {
        switch family {
        case .ntag424: 0...4
        case .desfire: 0...13
        case .ultralightAES: 0...0
        }
    }

    /// `application = "F54201"`: a DESFire AID, 3 bytes in wire order (LSB first), not the
    /// PICC level `000000`.
    private func desfireApplication(_ section: ConfigSection) throws(ConfigError) -> [UInt8] {
        guard let text = try section.string("application") else {
            throw section.missing("application", "the DESFire application's AID, 3 bytes in wire order (LSB first), e.g. \"F54201\" for AID 0142F5")
        }
        let bytes: [UInt8]
        do throws(HexTextError) { bytes = try Hex.bytes(text, skipping: [" ", ":"]) } catch {
            throw section.error("application", "must be hex digits in pairs: \(error)", at: section["application"])
        }
        guard bytes.count == 3 else {
            throw section.error("application", "is \(bytes.count) bytes; a DESFire AID is 3, in wire order (LSB first), e.g. \"F54201\"", at: section["application"])
        }
        guard bytes != [0, 0, 0] else {
            throw section.error("application", "000000 is the PICC level, not an application: give the AID of the application holding the card's key", at: section["application"])
        }
        return bytes
    }
}
