import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The names in a directory, without `.` and `..`, sorted; errno on failure.
func directoryEntries(_ path: String) throws(SystemCallError) -> [String] {
    guard let directory = opendir(path) else { throw SystemCallError(Errno(rawValue: errno)) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != ".", name != ".." { names.append(name) }
    }
    return names.sorted()
}
