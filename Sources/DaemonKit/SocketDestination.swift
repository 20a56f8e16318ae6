#if canImport(Glibc)
import Glibc
#endif

/// An AF_UNIX datagram address from `NOTIFY_SOCKET`: a file system path (`/run/systemd/notify`)
/// or an abstract name (`@name`, a leading NUL byte on the wire).
package struct SocketDestination: Equatable, Sendable {
    /// The address as `NOTIFY_SOCKET` gave it.
    package let text: String
    /// The bytes of `sun_path`: the path, or NUL followed by the abstract name.
    package let pathBytes: [UInt8]
    /// True for an abstract name (no NUL terminator is added).
    package let isAbstract: Bool

    private static let pathCapacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

    /// The destination for `text`, or why it cannot be one.
    package static func parse(_ text: String) -> Result<SocketDestination, SystemdNotifyError> {
        let bytes = Array(text.utf8)
        let isAbstract = text.hasPrefix("@")
        guard isAbstract || text.hasPrefix("/") else {
            return .failure(SystemdNotifyError(address: text, reason: .badAddress("not an absolute path or @abstract name")))
        }
        let pathBytes = isAbstract ? [0] + bytes.dropFirst() : bytes
        // A path needs room for its NUL terminator; an abstract name may fill sun_path.
        let needed = pathBytes.count + (isAbstract ? 0 : 1)
        guard pathBytes.count > 1, needed <= pathCapacity, !(isAbstract ? pathBytes.dropFirst() : pathBytes[...]).contains(0) else {
            return .failure(SystemdNotifyError(address: text, reason: .badAddress("empty, too long (\(pathCapacity - 1) bytes at most) or holding a NUL")))
        }
        return .success(SocketDestination(text: text, pathBytes: pathBytes, isAbstract: isAbstract))
    }

    /// Calls `body` with a sockaddr_un for this destination and its length.
    package func withSocketAddress<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path.copyBytes(from: pathBytes)
        }
        let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        let length = socklen_t(offset + pathBytes.count + (isAbstract ? 0 : 1))
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
