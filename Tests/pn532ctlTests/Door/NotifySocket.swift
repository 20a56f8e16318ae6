import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A Unix datagram socket standing in for systemd's notify socket: `NOTIFY_SOCKET` for a
/// process under test, and the notifications it sends, one datagram each.
final class NotifySocket {
    let path: String
    private let descriptor: Int32

    /// Binds a socket at `path`.
    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// The next notification, waiting at most `seconds`.
    func receive(within seconds: Int32 = 20) throws -> String {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, seconds * 1000) > 0 else { throw SimulatorProcessError.noReply }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Notifications until one contains `text`, which is returned.
    func receive(containing text: String) throws -> String {
        while true {
            let message = try receive()
            if message.contains(text) { return message }
        }
    }
}
