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
            // Read in place: a record is only as long as its name (d_reclen), so copying the
            // whole struct dirent would read past it.
            let name = withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
                UnsafeMutableRawPointer(field).withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
