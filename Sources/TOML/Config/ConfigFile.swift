import FileInput

#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and directory listings for configuration files, without Foundation.
enum ConfigFile {
    /// The most bytes a configuration (or a board profile) may have: 32 MiB, room for well
    /// over 100,000 users, and a bound on what a file such as `/dev/zero` can make us read.
    static let sizeLimit = InputLimit(bytes: 32 << 20, for: "a door configuration")

    /// The file's bytes, at most `limit`.
    ///
    /// - Throws: `.missingFile`, `.permission` or `.unreadable`, naming the path; `.invalid`
    ///   naming the limit for a larger file.
    static func read(_ path: String, limit: InputLimit = sizeLimit) throws(ConfigError) -> [UInt8] {
        do {
            return try InputFile.read(path, limit: limit)
        } catch {
            throw configError(error)
        }
    }

    /// The configuration error for a file that could not be read.
    static func configError(_ error: FileInputError) -> ConfigError {
        if error.isMissing { return ConfigError(.missingFile, message: "cannot open \(error.name): no such file") }
        if error.isPermissionDenied { return ConfigError(.permission, message: "cannot open \(error.name): permission denied") }
        if error.isOverLimit { return ConfigError(.invalid, message: "\(error)") }
        return ConfigError(.unreadable, message: "\(error)")
    }

    /// True when `path` names an existing file or directory.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The names in `directory` ending in `suffix`, without it, sorted; none when the
    /// directory cannot be read.
    static func names(in directory: String, suffix: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(suffix), name.count > suffix.count { names.append(String(name.dropLast(suffix.count))) }
        }
        return names.sorted()
    }

    /// The directory part of `path` (`.` when it has none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
