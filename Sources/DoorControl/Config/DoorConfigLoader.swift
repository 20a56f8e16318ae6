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
        try parse(text: try readText(path), fileName: path, boardsDirectory: boardsDirectory)
    }

    /// Parses and validates configuration text; `fileName` is named in errors and decides
    /// where `boards/` beside the file is.
    public static func parse(text: String, fileName: String, boardsDirectory: String? = nil) throws(ConfigError) -> DoorConfig {
        let table = try parseTOML(text, file: fileName)
        var root = ConfigSection(table: table, path: "", line: nil, source: ConfigSource(file: fileName))
        let board = try root.text("board")
        if let board, let value = root["board"] {
            let directories = [boardsDirectory, ConfigFile.directory(of: fileName) + "/boards", BoardProfile.installedDirectory].compactMap { $0 }
            root = try BoardProfile.find(board, in: directories, requestedAt: value, by: root.source).applied(to: root)
        }
        var decoder = DoorConfigDecoder(root: root)
        var config = try decoder.decode()
        config.board = board
        config.keyLines = ConfigKeyLines(TOMLDocument(file: fileName, root: table))
        return config
    }

    /// A TOML document's root table, syntax errors naming `file`.
    static func parseTOML(_ text: String, file: String) throws(ConfigError) -> TOMLTable {
        do {
            return try TOML.parse(text)
        } catch {
            throw ConfigError(file: file, line: error.line, column: error.column, message: error.message)
        }
    }

    /// A file's text, refused when it is not UTF-8.
    static func readText(_ path: String) throws(ConfigError) -> String {
        let bytes = try ConfigFile.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let line = bytes.prefix(validUTF8Length(bytes)).count(where: { $0 == UInt8(ascii: "\n") }) + 1
            throw ConfigError(file: path, line: line, message: "the file is not UTF-8 text")
        }
        return text
    }

    /// How many bytes at the start of `bytes` are valid UTF-8.
    private static func validUTF8Length(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var length = 0
        while case let .valid(scalar) = parser.parseScalar(from: &iterator) { length += scalar.count }
        return length
    }
}
