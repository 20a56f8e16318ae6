import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `SysfsFiles` through the C library: the real sysfs, or any directory tree.
public final class LinuxSysfsFiles: SysfsFiles {
    /// The most a sysfs attribute read here may hold (they are a page at most).
    private static let readLimit = 1 << 16

    /// File access through the C library.
    public init() {}

    public func read(_ path: String) throws(SysfsFileError) -> String {
        do throws(Errno) {
            let file = try FileDescriptor.opening(path, .readOnly)
            defer { file.closeQuietly() }
            return try Self.text(of: file)
        } catch {
            throw SysfsFileError(error, path: path)
        }
    }

    public func write(_ text: String, to path: String) throws(SysfsFileError) {
        do throws(Errno) {
            let file = try FileDescriptor.opening(path, .writeOnly, options: .truncate)  // O_TRUNC: harmless on sysfs, exact on a test tree
            defer { file.closeQuietly() }
            try file.writeEverything(Array(text.utf8))
        } catch {
            throw SysfsFileError(error, path: path)
        }
    }

    public func contents(ofDirectory path: String) throws(SysfsFileError) -> [String] {
        do {
            return try DirectoryEntries.names(in: path)
        } catch {
            throw SysfsFileError(error, path: path)
        }
    }

    public func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    public func watchEdges(_ path: String) throws(SysfsFileError) -> SysfsEdgeWatch? {
        try LinuxSysfsEdgeWatch(path: path)
    }

    /// The file's text to its end; one larger than `readLimit` is a fault of the file (EFBIG).
    private static func text(of file: FileDescriptor) throws(Errno) -> String {
        let bytes = try file.readToEnd(limit: readLimit, chunk: 256)
        guard bytes.count <= readLimit else { throw Errno.fileTooLarge }
        return String(decoding: bytes, as: UTF8.self)
    }
}
