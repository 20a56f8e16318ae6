import Basics
import TOML

/// Reading `door.toml`: the public entry points of the configuration.
extension DoorConfig {
    /// Reads, parses and validates the configuration file at `path`.
    ///
    /// A `board = "…"` profile is looked up in `boardsDirectory` (the command line's
    /// `--boards`), then in `boards/` beside the file, then in `/usr/share/pn532ctl/boards`.
    ///
    /// - Throws: `.missingFile` when there is no such file, `.permission` when it cannot be
    ///   read, `.invalid` for anything wrong inside, with the key and line.
    public static func load(path: String, boardsDirectory: String? = nil) throws(ConfigError) -> DoorConfig {
        try parse(text: try ConfigFile.readText(path), fileName: path, boardsDirectory: boardsDirectory)
    }

    /// Parses and validates configuration text; `fileName` is named in errors and decides
    /// where `boards/` beside the file is.
    public static func parse(text: String, fileName: String, boardsDirectory: String? = nil) throws(ConfigError) -> DoorConfig {
        let table = try ConfigFile.parse(text, file: fileName)
        var root = ConfigSection(table: table, path: "", line: nil, source: ConfigSource(file: fileName))
        let board = try root.text("board")
        if let board, let value = root["board"] {
            let directories = [boardsDirectory, PathText.directory(of: fileName) + "/boards", BoardProfile.installedDirectory].compactMap { $0 }
            root = try BoardProfile.find(board, in: directories, requestedAt: value, by: root.source).applied(to: root)
        }
        let fleet: FleetConfig?
        (root, fleet) = try FleetConfig.merge(into: root)
        var decoder = DoorConfigDecoder(root: root)
        var config = try decoder.decode()
        config.board = board
        config.fleet = fleet
        config.keyLines = ConfigKeyLines(TOMLDocument(file: fileName, root: table))
        return config
    }
}
