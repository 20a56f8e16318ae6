import TOML

/// Turns a configuration's tables (board defaults already merged in) into a `DoorConfig`,
/// refusing unknown keys, wrong types, values out of range and contradictions, each error
/// naming the key and the line.
struct DoorConfigDecoder {
    /// The document's root.
    let root: ConfigSection
    /// GPIO lines already taken, and by which key, so no line is used twice.
    private var usedLines: [String: String] = [:]

    /// The keys a configuration's root may hold.
    static let rootKeys = ["board", "reader", "gpio", "relay", "inputs", "feedback", "security", "audit", "users", "dispatch", "hooks", "credentials", "fleet"]

    init(root: ConfigSection) {
        self.root = root
    }

    /// The whole configuration.
    mutating func decode() throws(ConfigError) -> DoorConfig {
        try root.checkKeys(Self.rootKeys)
        let reader = try reader()
        let gpio = try gpio()
        let relay = try relay()
        let inputs = try inputs()
        let feedback = try feedback()
        let security = try security()
        let audit = try audit()
        let keyedCards = try keyedCards()
        let users = try users(keyFile: security.keyFile, keyedCards: keyedCards)
        try refuseDispatch()
        let hooks = try hooksSection()
        var config = DoorConfig(
            reader: reader, gpio: gpio, relay: relay, inputs: inputs, feedback: feedback,
            security: security, audit: audit, users: users, hooks: hooks)
        config.ntag424 = keyedCards[.ntag424]
        config.desfire = keyedCards[.desfire]
        config.ultralightAES = keyedCards[.ultralightAES]
        if let (key, message) = config.securityRefusal() { throw root.error(key, message) }
        return config
    }

    /// The section `name`, or an empty one standing for it when the file has none.
    func section(_ name: String) throws(ConfigError) -> ConfigSection {
        try root.section(name) ?? ConfigSection(table: TOMLTable(), path: name, line: nil, source: root.source)
    }

    /// Records that `key` of `section` drives `line`, refusing a line already in use.
    mutating func use(_ line: String?, for key: String, in section: ConfigSection) throws(ConfigError) {
        guard let line else { return }
        if let owner = usedLines[line] {
            throw section.error(key, "\(line) is already used by \(owner)", at: section[key])
        }
        usedLines[line] = section.keyPath(key)
    }
}
