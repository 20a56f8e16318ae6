import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The names in a directory, read with readdir: nothing in it is opened or followed.
public enum DirectoryEntries {
    /// The names in `path` but `.` and `..`, sorted.
    ///
    /// - Throws: the errno of opendir (no such directory, no permission, not a directory).
    public static func names(in path: String) throws(Errno) -> [String] {
        guard let directory = opendir(path) else { throw Errno.latest }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
