import CLinux
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `SysfsEdgeWatch` on a real sysfs `value` file: the file stays open, registered for
/// POLLPRI in an epoll instance whose descriptor is readable exactly while the file has a
/// notification waiting.
final class LinuxSysfsEdgeWatch: SysfsEdgeWatch {
    private let file: FileDescriptor
    private let path: String
    let descriptor: Int32

    /// Opens `path`, reads it (the kernel notifies only after a read) and registers it; nil
    /// when the file cannot notify (epoll refuses a plain file with EPERM: a copy of the tree).
    init?(path: String) throws(SysfsFileError) {
        let file: FileDescriptor
        do throws(Errno) {
            file = try FileDescriptor.opening(path, .readOnly)
            try Self.consume(file)
        } catch {
            throw SysfsFileError(error, path: path)
        }
        let instance = clinux_epoll_priority(file.rawValue)
        guard instance >= 0 else {
            let code = Errno.latest
            file.closeQuietly()
            guard code == .notPermitted else { throw SysfsFileError(code, path: path) }
            return nil
        }
        self.file = file
        self.path = path
        descriptor = instance
    }

    deinit {
        FileDescriptor(rawValue: descriptor).closeQuietly()
        file.closeQuietly()
    }

    func wait(timeout: Duration) throws(SysfsFileError) -> Bool {
        var entries = [Poll.entry(descriptor, POLLIN)]
        do throws(Errno) {
            guard try Poll.wait(&entries, timeout: timeout) > 0 else { return false }
            try Self.consume(file)
        } catch {
            throw SysfsFileError(error, path: path)
        }
        return true
    }

    /// Reads the value from its start: what re-arms the kernel's notification.
    private static func consume(_ file: FileDescriptor) throws(Errno) {
        guard lseek(file.rawValue, 0, SEEK_SET) == 0 else { throw Errno.latest }
        _ = try file.readSome(upTo: 64)
    }
}
