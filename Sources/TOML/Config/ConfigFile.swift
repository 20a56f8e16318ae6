import FileInput

/// Reading a configuration file whole, without Foundation: bounded, UTF-8 only, parsed with
/// errors that name the file, the line and the column.
package enum ConfigFile {
    /// The most bytes a configuration (or a board profile, or the hook runner's file) may
    /// have: 32 MiB, room for well over 100,000 users, and a bound on what a file such as
    /// `/dev/zero` can make us read.
    package static let sizeLimit = InputLimit(bytes: 32 << 20, for: "a door configuration")

    /// The file's bytes, at most `sizeLimit`.
    ///
    /// - Throws: `.missingFile`, `.permission` or `.unreadable`, naming the path; `.invalid`
    ///   naming the limit for a larger file.
    private static func read(_ path: String) throws(ConfigError) -> [UInt8] {
        do {
            return try InputFile.read(path, limit: sizeLimit)
        } catch {
            throw configError(error)
        }
    }

    /// The file's text, at most `sizeLimit` bytes, refused when it is not UTF-8.
    package static func readText(_ path: String) throws(ConfigError) -> String {
        let bytes = try read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let line = bytes.prefix(validUTF8Length(bytes)).count(where: { $0 == UInt8(ascii: "\n") }) + 1
            throw ConfigError(file: path, line: line, message: "the file is not UTF-8 text")
        }
        return text
    }

    /// A TOML document's root table, syntax errors naming `file`.
    package static func parse(_ text: String, file: String) throws(ConfigError) -> TOMLTable {
        do {
            return try TOML.parse(text)
        } catch {
            throw ConfigError(file: file, line: error.line, column: error.column, message: error.message)
        }
    }

    /// The configuration error for a file that could not be read.
    private static func configError(_ error: FileInputError) -> ConfigError {
        if error.isMissing { return ConfigError(.missingFile, message: "cannot open \(error.name): no such file") }
        if error.isPermissionDenied { return ConfigError(.permission, message: "cannot open \(error.name): permission denied") }
        if error.isOverLimit { return ConfigError(.invalid, message: "\(error)") }
        return ConfigError(.unreadable, message: "\(error)")
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
