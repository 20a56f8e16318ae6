import POSIXIO

/// Names in a directory, for completions (never opened, never followed).
enum DirectoryListing {
    /// The names in `directory` but `.` and `..`; none when it cannot be read.
    static func names(in directory: String) -> [String] {
        (try? DirectoryEntries.names(in: directory)) ?? []
    }

    /// The paths that complete `prefix` as a shell would: the entries of its directory part
    /// that start with its last part, sorted (hidden ones only when the part starts with `.`).
    static func completions(of prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let directory = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        return names(in: directory.isEmpty ? "." : directory)
            .filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }
            .map { directory + $0 }
    }
}
