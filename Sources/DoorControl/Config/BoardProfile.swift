import TOML

/// A board profile (`boards/rpi4-uart.toml`): defaults for `[reader]`, `[gpio]`, `[relay]`
/// and `[inputs]` that the configuration's own keys override one by one.
struct BoardProfile {
    /// The sections a profile may give.
    static let sections = ["reader", "gpio", "relay", "inputs"]
    /// Where installed profiles live.
    static let installedDirectory = "/usr/share/pn532ctl/boards"

    /// The board's name (`rpi4-uart`).
    var name: String
    /// The profile's file.
    var file: String
    /// Its sections.
    var table: TOMLTable

    /// The profile `name`, looked up in each of `directories` in turn.
    ///
    /// - Throws: for an unknown board, listing the boards found; for a profile that does not
    ///   parse or holds other sections, naming its file and line.
    static func find(_ name: String, in directories: [String], requestedAt value: TOMLValue, by source: ConfigSource) throws(ConfigError) -> BoardProfile {
        let isName = !name.isEmpty && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard isName, let directory = directories.first(where: { ConfigFile.exists("\($0)/\(name).toml") }) else {
            let known = Set(directories.flatMap { ConfigFile.names(in: $0, suffix: ".toml") }).sorted()
            let list = known.isEmpty ? "no board profiles were found" : "known boards: \(known.joined(separator: ", "))"
            throw ConfigError(file: source.file, line: value.line, key: "board",
                message: "unknown board \(TOMLFormat.string(name)); \(list) (looked in \(directories.joined(separator: ", ")))")
        }
        let file = "\(directory)/\(name).toml"
        let table = try ConfigFile.parse(try ConfigFile.readText(file), file: file)
        for (key, value) in table.entries {
            guard sections.contains(key) else {
                throw ConfigError(file: file, line: value.line, key: key,
                    message: "a board profile may only give \(sections.map { "[\($0)]" }.joined(separator: ", "))")
            }
            guard case .table = value.kind else {
                throw ConfigError(file: file, line: value.line, key: key, message: "must be a table ([\(key)])")
            }
        }
        return BoardProfile(name: name, file: file, table: table)
    }

    /// `root` with the profile's keys added where the configuration does not set them, and
    /// its source told which keys came from the profile.
    func applied(to root: ConfigSection) -> ConfigSection {
        var merged = root
        merged.source.profileFile = file
        for (name, profileValue) in table.entries {
            guard case let .table(defaults) = profileValue.kind else { continue }
            guard let own = root[name] else {
                merged.table.set(name, profileValue)
                merged.source.profileKeys.insert(name)
                continue
            }
            guard case let .table(overrides) = own.kind else { continue }
            var section = defaults
            for (key, value) in overrides.entries { section.set(key, value) }
            for key in defaults.keys where overrides[key] == nil { merged.source.profileKeys.insert("\(name).\(key)") }
            merged.table.set(name, TOMLValue(.table(section), line: own.line, column: own.column))
        }
        return merged
    }
}
