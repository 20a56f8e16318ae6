import CLinux
import NFCCore
#if canImport(Glibc)
import Glibc
#endif

/// `SysfsFiles` through the C library: the real sysfs, or any directory tree.
public final class LinuxSysfsFiles: SysfsFiles {
    /// File access through the C library.
    public init() {}

    public func read(_ path: String) throws(SysfsFileError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SysfsFileError(errno: errno, path: path) }
        defer { close(fd) }
        return try readAll(fd, path: path)
    }

    public func write(_ text: String, to path: String) throws(SysfsFileError) {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)  // O_TRUNC: harmless on sysfs, exact on a test tree
        guard fd >= 0 else { throw SysfsFileError(errno: errno, path: path) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw SysfsFileError(errno: written < 0 ? errno : EIO, path: path) }
    }

    public func contents(ofDirectory path: String) throws(SysfsFileError) -> [String] {
        do {
            return try directoryEntries(path)
        } catch {
            throw SysfsFileError(errno: error.errno, path: path)
        }
    }

    public func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    public func waitForPriority(_ path: String, timeout: Duration) throws(SysfsFileError) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SysfsFileError(errno: errno, path: path) }
        defer { close(fd) }
        _ = try readAll(fd, path: path)  // sysfs notifies only after the value has been read
        var descriptor = pollfd(fd: fd, events: Int16(POLLPRI | POLLERR), revents: 0)
        let result = clinux_poll_nanoseconds(&descriptor, 1, max(0, timeout.nanoseconds))
        if result < 0 {
            if errno == EINTR { return false }
            throw SysfsFileError(errno: errno, path: path)
        }
        return result > 0
    }

    private func readAll(_ fd: Int32, path: String) throws(SysfsFileError) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 { throw SysfsFileError(errno: errno, path: path) }
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += buffer[..<count]
        }
    }
}
