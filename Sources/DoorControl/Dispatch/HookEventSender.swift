import SystemPackage
import DaemonKit

#if canImport(Glibc)
import DoorRecords
import Glibc
#endif

/// The door's side of the hook runner: a `SOCK_SEQPACKET` connection to the runner's unix
/// socket, made at once (or at the first event when the runner was not listening yet) and made
/// again once when it is found broken (the runner restarted), each event one message sent without blocking. The connection is the
/// door's own queue in the kernel: another process's flood cannot fill it. A runner that is slow
/// (this queue full), stopped or missing never stalls the door: the event is dropped and counted.
public final class HookEventSender {
    /// Why an event was not delivered.
    public enum Outcome: Equatable, Sendable {
        /// Delivered.
        case sent
        /// Dropped: errno of the connect or the send (EAGAIN: the runner's queue for the door is
        /// full or its backlog is; ECONNREFUSED or ENOENT: no runner).
        case dropped(errno: Errno)
    }

    /// The runner's socket.
    public let path: String
    /// Events dropped since the last one delivered.
    public private(set) var dropped = 0
    /// The connection, -1 when there is none.
    private var descriptor: Int32 = -1

    /// A sender to the socket at `path`, connected at once when the runner listens (so a
    /// first event does not wait on a connect the runner's backlog could refuse), else when it
    /// first sends.
    public init(path: String) {
        self.path = path
        _ = connect()
    }

    deinit { disconnect() }

    /// Sends `event` without waiting.
    public func send(_ event: HookEvent) -> Outcome {
        let bytes = Array(event.json.utf8)
        guard bytes.count <= HookEvent.messageLimit else { return drop(.messageTooLong) }
        let wasConnected = descriptor >= 0
        switch deliver(bytes) {
        case .success:
            dropped = 0
            return .sent
        case .failure(let code) where wasConnected && Self.brokenConnection.contains(code):
            disconnect()
            guard case .success = deliver(bytes) else { return drop(code) }
            dropped = 0
            return .sent
        case .failure(let code):
            return drop(code)
        }
    }

    /// The errors of a send that say the runner's end is gone (it restarted): connect again.
    private static let brokenConnection: Set<Errno> = [.brokenPipe, .connectionReset, .socketNotConnected, .connectionRefused]

    /// Connects if needed and sends `bytes` as one message.
    private func deliver(_ bytes: [UInt8]) -> Result<Void, Errno> {
        if descriptor < 0, case .failure(let code) = connect() { return .failure(code) }
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else {
            let code = sent < 0 ? Errno(rawValue: errno) : .messageTooLong
            if code != .resourceTemporarilyUnavailable { disconnect() }
            return .failure(code)
        }
        return .success(())
    }

    private func connect() -> Result<Void, Errno> {
        guard case .success(let address) = SocketDestination.parse(path) else { return .failure(.fileNameTooLong) }
        let made = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard made >= 0 else { return .failure(Errno(rawValue: errno)) }
        let connected = address.withSocketAddress { Glibc.connect(made, $0, $1) }
        guard connected == 0 else {
            let code = Errno(rawValue: errno)
            close(made)
            return .failure(code)
        }
        descriptor = made
        return .success(())
    }

    private func disconnect() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    private func drop(_ code: Errno) -> Outcome {
        dropped += 1
        return .dropped(errno: code)
    }
}
