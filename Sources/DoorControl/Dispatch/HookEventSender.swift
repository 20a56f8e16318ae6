import SystemPackage
import DaemonKit

#if canImport(Glibc)
import DoorRecords
import Glibc
#endif

/// The door's side of the hook runner: each event is one datagram sent without blocking to the
/// runner's unix socket. A runner that is slow (its queue full), stopped or missing never
/// stalls the door: the event is dropped and counted.
public final class HookEventSender {
    /// Why an event was not delivered.
    public enum Outcome: Equatable, Sendable {
        /// Delivered.
        case sent
        /// Dropped: errno of the send (EAGAIN: the runner's queue is full; ECONNREFUSED or
        /// ENOENT: no runner).
        case dropped(errno: Errno)
    }

    /// The runner's socket.
    public let path: String
    /// Events dropped since the last one delivered.
    public private(set) var dropped = 0
    private let descriptor: Int32

    /// A sender to the socket at `path`; nil when no socket can be made (errno set).
    public init?(path: String) {
        let made = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard made >= 0 else { return nil }
        self.path = path
        descriptor = made
    }

    deinit { close(descriptor) }

    /// Sends `event` without waiting.
    public func send(_ event: HookEvent) -> Outcome {
        let bytes = Array(event.json.utf8)
        guard bytes.count <= HookEvent.datagramLimit else { return drop(.messageTooLong) }
        guard case .success(let address) = SocketDestination.parse(path) else { return drop(.fileNameTooLong) }
        let sent = address.withSocketAddress { pointer, length in
            bytes.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT), pointer, length) }
        }
        guard sent == bytes.count else { return drop(sent < 0 ? Errno(rawValue: errno) : .messageTooLong) }
        dropped = 0
        return .sent
    }

    private func drop(_ code: Errno) -> Outcome {
        dropped += 1
        return .dropped(errno: code)
    }
}
