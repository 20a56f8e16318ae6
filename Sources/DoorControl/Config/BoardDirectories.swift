import TOML

#if canImport(Glibc)
import Glibc
#endif

/// Looking for board profiles: whether a file exists, the profiles in a directory, and the
/// directory beside a configuration file.
extension ConfigFile {
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
}
