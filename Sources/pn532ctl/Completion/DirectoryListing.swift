#if canImport(Glibc)
import Glibc
#endif

/// Names in a directory, for completions (never opened, never followed).
enum DirectoryListing {
    /// The names in `directory` but `.` and `..`; none when it cannot be read.
    static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The paths that complete `prefix` as a shell would: the entries of its directory part
    /// that start with its last part, sorted (hidden ones only when the part starts with `.`).
    static func completions(of prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let directory = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        return names(in: directory.isEmpty ? "." : directory)
            .filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .map { directory + $0 }
    }
}
