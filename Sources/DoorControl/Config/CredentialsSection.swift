import Basics
import TOML

/// `[credentials.ntag424]`: the keys the door challenges NTAG 424 DNA cards with.
extension DoorConfigDecoder {
    /// The families that have a `[credentials.…]` section.
    static let keyedFamilies = ["ntag424"]

    func keyedCards() throws(ConfigError) -> KeyedCardConfig? {
        guard let credentials = try root.section("credentials") else { return nil }
        try credentials.checkKeys(Self.keyedFamilies)
        guard let section = try credentials.section("ntag424") else { return nil }
        try section.checkKeys(["key_number", "master_key_file", "master_keys", "system_id", "uid_key", "require_genuine"])
        guard let keyNumber = try section.integer("key_number", in: 0...4) else {
            throw section.missing("key_number", "the card's application key the door authenticates, 0-4 (e.g. 2)")
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
            guard (1...24).contains(systemIdentifier.count) else {
                throw section.error("system_id", "is \(systemIdentifier.count) bytes; with the 7-byte UID the input holds at most 31, so 1-24", at: section["system_id"])
            }
        }
        var uidKey: (keyNumber: UInt8, path: String)?
        if let table = try section.section("uid_key") {
            try table.checkKeys(["key_number", "file"])
            guard let number = try table.integer("key_number", in: 0...4) else { throw table.missing("key_number", "the key every card shares for reading its real UID") }
            guard let path = try table.absolutePath("file") else { throw table.missing("file", "the UID key file") }
            guard number != keyNumber else {
                throw table.error("key_number", "\(number) is the key the cards prove (key_number): the UID key must be another, shared key", at: table["key_number"])
            }
            uidKey = (UInt8(number), path)
        }
        return KeyedCardConfig(
            keyNumber: UInt8(keyNumber), masterKeys: masterKeys, systemIdentifier: systemIdentifier, uidKey: uidKey,
            requireGenuine: try section.bool("require_genuine") ?? true)
    }
}
