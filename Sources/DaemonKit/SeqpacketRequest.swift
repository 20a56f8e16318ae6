import Basics
import CLinux
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The client side of a `PeerCheckedListener`: one request message sent on a new connection
/// to the socket at a path, and the one reply message waited for, bounded in size and time.
package enum SeqpacketRequest {
    /// Why no reply came.
    package enum Failure: Error, Equatable, Sendable {
        /// A system call failed: which one, and errno.
        case system(step: String, Errno)
        /// The other side closed the connection without a reply, before or after the request
        /// was sent (a refused uid, for one).
        case closed
        /// No reply within the time allowed.
        case timedOut
        /// A reply longer than the limit.
        case tooLong
    }

    /// Sends `request` to the socket at `path` and returns the reply: at most `replyLimit`
    /// bytes, within `timeout`.
    package static func send(_ request: [UInt8], to path: String, replyLimit: Int, timeout: Duration) -> Result<[UInt8], Failure> {
        guard case .success(let address) = SocketDestination.parse(path), !address.isAbstract else {
            return .failure(.system(step: "the path is not absolute or too long", .fileNameTooLong))
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(.system(step: "socket", .latest)) }
        defer { close(descriptor) }
        guard address.withSocketAddress({ connect(descriptor, $0, $1) }) == 0 else { return .failure(.system(step: "connect", .latest)) }
        let sent = request.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        if sent < 0 {
            // The listener may close a connection it refuses before the request is sent.
            let code = Errno.latest
            return .failure(code == .brokenPipe || code == .connectionReset ? .closed : .system(step: "send", code))
        }
        guard sent == request.count else { return .failure(.system(step: "send", .messageTooLong)) }
        let deadline = MonotonicTime.monotonicNow() + timeout
        var buffer = [UInt8](repeating: 0, count: replyLimit)
        while true {
            var entries = [Poll.entry(descriptor, POLLIN)]
            do throws(Errno) {
                guard try Poll.wait(&entries, timeout: deadline - MonotonicTime.monotonicNow()) > 0 else {
                    if MonotonicTime.monotonicNow() >= deadline { return .failure(.timedOut) }
                    continue
                }
            } catch {
                return .failure(.system(step: "poll", error))
            }
            var truncated: Int32 = 0
            let count = buffer.withUnsafeMutableBytes { clinux_receive_message(descriptor, $0.baseAddress, $0.count, &truncated) }
            if count < 0 {
                let code = Errno.latest
                if code == .resourceTemporarilyUnavailable || code == .interrupted { continue }
                return code == .connectionReset ? .failure(.closed) : .failure(.system(step: "receive", code))
            }
            guard count > 0, count <= buffer.count else { return .failure(.closed) }
            return truncated == 0 ? .success(Array(buffer[..<count])) : .failure(.tooLong)
        }
    }
}
