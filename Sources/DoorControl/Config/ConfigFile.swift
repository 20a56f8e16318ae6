#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and directory listings for configuration files, without Foundation.
enum ConfigFile {
    /// The file's bytes.
    ///
    /// - Throws: `.missingFile`, `.permission` or `.unreadable`, naming the path.
    static func read(_ path: String) throws(ConfigError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw openError(path) }
        defer { close(descriptor) }
        return try readAll(descriptor, path: path)
    }

    /// Everything left in an open file.
    static func readAll(_ descriptor: Int32, path: String) throws(ConfigError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw ConfigError(.unreadable, message: "cannot read \(path): \(errorText(errno))")
            }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    /// The error for a failed `open(2)` of `path`, from `errno`.
    static func openError(_ path: String) -> ConfigError {
        let code = errno
        switch code {
        case ENOENT, ENOTDIR:
            return ConfigError(.missingFile, message: "cannot open \(path): no such file")
        case EACCES, EPERM:
            return ConfigError(.permission, message: "cannot open \(path): permission denied")
        default:
            return ConfigError(.unreadable, message: "cannot open \(path): \(errorText(code))")
        }
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

    private static func errorText(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
