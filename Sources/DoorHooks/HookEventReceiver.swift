import DaemonKit
import DoorRecords
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The hook runner's socket: a unix datagram socket bound at a path, mode 0660 (the door's
/// account is in the socket's group), read without blocking.
public final class HookEventReceiver {
    /// The socket's path.
    public let path: String
    /// The descriptor to poll.
    public let descriptor: Int32

    /// Binds a new socket at `path`, replacing a stale socket left there.
    ///
    /// - Throws: `HookSocketError` with errno.
    public init(path: String) throws(HookSocketError) {
        guard case .success(let address) = SocketDestination.parse(path), !address.isAbstract else {
            throw HookSocketError(path: path, step: "the path is not absolute or too long", code: .fileNameTooLong)
        }
        let made = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard made >= 0 else { throw HookSocketError(path: path, step: "socket", code: Errno(rawValue: errno)) }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
        let bound = address.withSocketAddress { bind(made, $0, $1) }
        guard bound == 0 else {
            let code = Errno(rawValue: errno)
            close(made)
            throw HookSocketError(path: path, step: "bind", code: code)
        }
        chmod(path, 0o660)
        self.path = path
        descriptor = made
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// The next datagram's text, nil when none is waiting.
    public func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: HookEvent.datagramLimit + 1)
        let count = buffer.withUnsafeMutableBytes { raw in
            try? retryingInterrupts { recv(descriptor, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT)) }
        }
        guard let count else { return nil }
        return Array(buffer[..<count])
    }
}

/// The hook socket could not be made.
public struct HookSocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The socket's path, the step that failed and errno.
    public var path: String
    public var step: String
    public var code: Errno

    /// An error.
    public init(path: String, step: String, code: Errno) {
        self.path = path
        self.step = step
        self.code = code
    }

    public var description: String {
        "hook socket \(path): \(step): \(code) (errno \(code.rawValue))"
    }
}
