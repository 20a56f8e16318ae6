import CLinux
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `GPIOCharacterDevices` through the kernel: `/dev/gpiochipN` and its ioctls.
public final class LinuxCharacterDevices: GPIOCharacterDevices {
    private let directory: String

    /// Chips under `directory` (`/dev`).
    public init(directory: String = "/dev") {
        self.directory = directory
    }

    public func chipPaths() throws(SystemCallError) -> [String] {
        let names: [String]
        do throws(Errno) { names = try DirectoryEntries.names(in: directory) } catch { throw SystemCallError(error) }
        return names.filter { $0.hasPrefix("gpiochip") }
            .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
            .map { "\(directory)/\($0)" }
    }

    public func open(_ path: String) throws(SystemCallError) -> Int32 {
        do throws(Errno) { return try FileDescriptor.opening(path, .readWrite).rawValue } catch { throw SystemCallError(error) }
    }

    public func ioctl(_ fd: Int32, _ request: UInt, _ buffer: inout [UInt8]) throws(SystemCallError) {
        do throws(Errno) {
            try retryingInterrupts { buffer.withUnsafeMutableBytes { clinux_gpio_ioctl(fd, request, $0.baseAddress) } }
        } catch {
            throw SystemCallError(error)
        }
    }

    public func read(_ fd: Int32, count: Int) throws(SystemCallError) -> [UInt8] {
        do throws(Errno) { return try FileDescriptor(rawValue: fd).readSome(upTo: count) } catch { throw SystemCallError(error) }
    }

    public func poll(_ fd: Int32, timeout: Duration) throws(SystemCallError) -> Bool {
        var entries = [Poll.entry(fd, POLLIN)]
        do throws(Errno) { return try Poll.wait(&entries, timeout: timeout) > 0 } catch { throw SystemCallError(error) }
    }

    public func close(_ fd: Int32) {
        FileDescriptor(rawValue: fd).closeQuietly()
    }
}
