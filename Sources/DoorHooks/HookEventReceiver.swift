import CLinux
import DaemonKit
import DoorRecords
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The hook runner's socket: a unix `SOCK_SEQPACKET` socket listening at a path, mode 0660
/// (the door's account is in the socket's group). The file mode only limits who can connect;
/// the runner keeps a connection only when the kernel's record of its peer (`SO_PEERCRED`,
/// taken at connect, not chosen by the peer) is the door's uid, and closes any other at once,
/// unread. Each kept connection has its own queue in the kernel: nothing another process
/// sends, a flood included, can fill the door's queue or make its events drop.
public final class HookEventReceiver {
    /// One message, or one refused connection.
    public enum Message: Equatable, Sendable {
        /// From the door's uid: its bytes, to be parsed as an event.
        case fromDoor([UInt8])
        /// Not acted on: why.
        case refused(Refusal)
    }

    /// Why a connection or a message was refused.
    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        /// The kernel would not say who connected: the connection is closed all the same.
        case noCredentials
        /// A connection from another uid than the door's: that uid and pid. Closed unread.
        case otherSender(uid: UInt32, pid: Int32)
        /// A message longer than `HookEvent.messageLimit`.
        case tooLong

        public var description: String {
            switch self {
            case .noCredentials: "without the sender's credentials"
            case let .otherSender(uid, pid): "from uid \(uid) (pid \(pid)), not the door's"
            case .tooLong: "longer than \(HookEvent.messageLimit) bytes"
            }
        }
    }

    /// The most connections from the door's uid kept at once (a door that restarted leaves
    /// its old one closed; a new one beyond this replaces the oldest).
    public static let connectionLimit = 4

    /// The socket's path.
    public let path: String
    /// The listening descriptor.
    public let listener: Int32
    /// The only uid whose connections are kept: the door's account.
    public let doorUID: UInt32
    /// The door's connections, oldest first.
    private var connections: [Int32] = []

    /// The descriptors to poll: the listener, then each kept connection.
    public var descriptors: [Int32] { [listener] + connections }

    /// Listens on a new socket at `path`, replacing a stale socket left there, keeping
    /// connections only from `doorUID`.
    ///
    /// - Throws: `HookSocketError` with errno.
    public init(path: String, doorUID: UInt32) throws(HookSocketError) {
        guard case .success(let address) = SocketDestination.parse(path), !address.isAbstract else {
            throw HookSocketError(path: path, step: "the path is not absolute or too long", code: .fileNameTooLong)
        }
        let made = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard made >= 0 else { throw HookSocketError(path: path, step: "socket", code: Errno(rawValue: errno)) }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
        let bound = address.withSocketAddress { bind(made, $0, $1) }
        guard bound == 0, listen(made, Int32(Self.connectionLimit) * 2) == 0 else {
            let code = Errno(rawValue: errno)
            close(made)
            throw HookSocketError(path: path, step: bound == 0 ? "listen" : "bind", code: code)
        }
        chmod(path, 0o660)
        self.path = path
        self.doorUID = doorUID
        listener = made
    }

    deinit {
        for connection in connections { close(connection) }
        close(listener)
        unlink(path)
    }

    /// The next message from the door's connections (served first), else the next connection
    /// refused; nil when nothing is waiting. Connections from the door's uid are kept as they
    /// are accepted; closed ones are dropped.
    public func receive() -> Message? {
        if let message = nextMessage() { return message }
        while true {
            let accepted = clinux_accept(listener)
            if accepted < 0 {
                guard errno == EINTR || errno == ECONNABORTED else { return nil }
                continue
            }
            var uid: UInt32 = 0
            var pid: Int32 = 0
            guard clinux_peer_credentials(accepted, &uid, &pid) == 0 else {
                close(accepted)
                return .refused(.noCredentials)
            }
            guard uid == doorUID else {
                close(accepted)
                return .refused(.otherSender(uid: uid, pid: pid))
            }
            if connections.count >= Self.connectionLimit { close(connections.removeFirst()) }
            connections.append(accepted)
            if let message = nextMessage() { return message }
        }
    }

    /// The first message waiting on a kept connection; a connection its peer closed, or that
    /// failed, is closed and dropped.
    private func nextMessage() -> Message? {
        var buffer = [UInt8](repeating: 0, count: HookEvent.messageLimit)
        var index = 0
        while index < connections.count {
            var truncated: Int32 = 0
            let connection = connections[index]
            let count: Result<Int, Errno> = buffer.withUnsafeMutableBytes { raw in
                do throws(Errno) {
                    return .success(try retryingInterrupts { clinux_receive_message(connection, raw.baseAddress, raw.count, &truncated) })
                } catch {
                    return .failure(error)
                }
            }
            switch count {
            case .success(let count) where count > 0 && count <= buffer.count:
                return truncated == 0 ? .fromDoor(Array(buffer[..<count])) : .refused(.tooLong)
            case .failure(.resourceTemporarilyUnavailable):
                index += 1
            default:
                close(connections.remove(at: index))
            }
        }
        return nil
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
