import CLinux
import NFCCore
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
        try directoryEntries(directory).filter { $0.hasPrefix("gpiochip") }
            .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
            .map { "\(directory)/\($0)" }
    }

    public func open(_ path: String) throws(SystemCallError) -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError(errno: errno) }
        return fd
    }

    public func ioctl(_ fd: Int32, _ request: UInt, _ buffer: inout [UInt8]) throws(SystemCallError) {
        let result = buffer.withUnsafeMutableBytes { clinux_gpio_ioctl(fd, request, $0.baseAddress) }
        guard result >= 0 else { throw SystemCallError(errno: errno) }
    }

    public func read(_ fd: Int32, count: Int) throws(SystemCallError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard got >= 0 else { throw SystemCallError(errno: errno) }
        return Array(buffer[..<got])
    }

    public func poll(_ fd: Int32, timeout: Duration) throws(SystemCallError) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let result = clinux_poll_nanoseconds(&descriptor, 1, max(0, timeout.nanoseconds))
        if result < 0 {
            if errno == EINTR { return false }
            throw SystemCallError(errno: errno)
        }
        return result > 0
    }

    public func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
