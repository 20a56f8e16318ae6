import CLinux
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A unix `SOCK_SEQPACKET` socket listening at a path, mode 0660, that keeps a connection
/// only when the kernel's record of its peer (`SO_PEERCRED`, taken at connect, not chosen by
/// the peer) is one uid, and closes any other at once, unread. Each kept connection has its
/// own queue in the kernel: nothing another process sends, a flood included, can fill the
/// allowed peer's queue. Messages longer than `messageLimit` are refused; at most
/// `connectionLimit` connections are kept (a new one replaces the oldest). Nothing here
/// blocks: a reply a peer does not read is lost, never waited for.
package final class PeerCheckedListener {
    /// One message, or one refused connection or message.
    package enum Message: Equatable, Sendable {
        /// From the allowed uid: its bytes, and the connection it came on (for `reply`).
        case fromPeer([UInt8], connection: Int32)
        /// Not acted on: why; the connection when it is a kept one (a message too long).
        case refused(Refusal, connection: Int32?)
    }

    /// Why a connection or a message was refused.
    package enum Refusal: Equatable, Sendable {
        /// The kernel would not say who connected: the connection is closed all the same.
        case noCredentials
        /// A connection from another uid than the allowed one: that uid and pid. Closed unread.
        case otherSender(uid: UInt32, pid: Int32)
        /// A message longer than `messageLimit`.
        case tooLong
    }

    /// The socket's path.
    package let path: String
    /// The listening descriptor.
    package let listener: Int32
    /// The only uid whose connections are kept.
    package let allowedUID: UInt32
    /// The longest message read; a longer one is refused.
    package let messageLimit: Int
    /// The most connections kept at once.
    package let connectionLimit: Int
    /// The kept connections, oldest first.
    private var connections: [Int32] = []

    /// The descriptors to poll: the listener, then each kept connection.
    package var descriptors: [Int32] { [listener] + connections }

    /// Listens on a new socket at `path` (absolute), replacing a stale socket left there,
    /// keeping connections only from `allowedUID`; the socket file is mode 0660 and, when
    /// `group` is given, that group's (the process must be in it, unless it is root).
    ///
    /// - Throws: `ListenerError` naming the step, with errno.
    package init(path: String, allowedUID: UInt32, messageLimit: Int, connectionLimit: Int, group: UInt32? = nil) throws(ListenerError) {
        guard case .success(let address) = SocketDestination.parse(path), !address.isAbstract else {
            throw ListenerError(path: path, step: "the path is not absolute or too long", code: .fileNameTooLong)
        }
        let made = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard made >= 0 else { throw ListenerError(path: path, step: "socket", code: Errno(rawValue: errno)) }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
        let bound = address.withSocketAddress { bind(made, $0, $1) }
        guard bound == 0, listen(made, Int32(connectionLimit) * 2) == 0 else {
            let code = Errno(rawValue: errno)
            close(made)
            throw ListenerError(path: path, step: bound == 0 ? "listen" : "bind", code: code)
        }
        if let group, chown(path, uid_t.max, group) != 0 {
            let code = Errno(rawValue: errno)
            close(made)
            unlink(path)
            throw ListenerError(path: path, step: "chown to group \(group)", code: code)
        }
        chmod(path, 0o660)
        self.path = path
        self.allowedUID = allowedUID
        self.messageLimit = messageLimit
        self.connectionLimit = connectionLimit
        listener = made
    }

    deinit {
        for connection in connections { close(connection) }
        close(listener)
        unlink(path)
    }

    /// The next message from the kept connections (served first), else the next connection
    /// refused; nil when nothing is waiting. Connections from the allowed uid are kept as
    /// they are accepted; closed ones are dropped.
    package func receive() -> Message? {
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
                return .refused(.noCredentials, connection: nil)
            }
            guard uid == allowedUID else {
                close(accepted)
                return .refused(.otherSender(uid: uid, pid: pid), connection: nil)
            }
            if connections.count >= connectionLimit { close(connections.removeFirst()) }
            connections.append(accepted)
            if let message = nextMessage() { return message }
        }
    }

    /// Sends `bytes` as one message on `connection`, a kept one, without waiting: false when
    /// the peer's queue is full, the peer is gone or `connection` is not kept (the reply is
    /// lost; the caller goes on).
    @discardableResult
    package func reply(_ bytes: [UInt8], on connection: Int32) -> Bool {
        guard connections.contains(connection) else { return false }
        let sent = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)) }
        return sent == bytes.count
    }

    /// The first message waiting on a kept connection; a connection its peer closed, or that
    /// failed, is closed and dropped.
    private func nextMessage() -> Message? {
        var buffer = [UInt8](repeating: 0, count: messageLimit)
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
                return truncated == 0 ? .fromPeer(Array(buffer[..<count]), connection: connection) : .refused(.tooLong, connection: connection)
            case .failure(.resourceTemporarilyUnavailable):
                index += 1
            default:
                close(connections.remove(at: index))
            }
        }
        return nil
    }
}

/// A listening socket could not be made.
package struct ListenerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The socket's path, the step that failed and errno.
    package var path: String
    package var step: String
    package var code: Errno

    /// An error.
    package init(path: String, step: String, code: Errno) {
        self.path = path
        self.step = step
        self.code = code
    }

    package var description: String {
        "\(path): \(step): \(code) (errno \(code.rawValue))"
    }
}
