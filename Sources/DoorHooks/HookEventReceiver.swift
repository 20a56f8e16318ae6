import DaemonKit
import DoorRecords
import SystemPackage

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
    public var path: String { socket.path }
    /// The listening descriptor.
    public var listener: Int32 { socket.listener }
    /// The only uid whose connections are kept: the door's account.
    public var doorUID: UInt32 { socket.allowedUID }
    /// The socket: its connections, their check and their messages.
    private let socket: PeerCheckedListener

    /// The descriptors to poll: the listener, then each kept connection.
    public var descriptors: [Int32] { socket.descriptors }

    /// Listens on a new socket at `path`, replacing a stale socket left there, keeping
    /// connections only from `doorUID`.
    ///
    /// - Throws: `HookSocketError` with errno.
    public init(path: String, doorUID: UInt32) throws(HookSocketError) {
        do throws(ListenerError) {
            socket = try PeerCheckedListener(path: path, allowedUID: doorUID, messageLimit: HookEvent.messageLimit, connectionLimit: Self.connectionLimit)
        } catch {
            throw HookSocketError(path: error.path, step: error.step, code: error.code)
        }
    }

    /// The next message from the door's connections (served first), else the next connection
    /// refused; nil when nothing is waiting.
    public func receive() -> Message? {
        switch socket.receive() {
        case nil: nil
        case .fromPeer(let bytes, _)?: .fromDoor(bytes)
        case .refused(.noCredentials, _)?: .refused(.noCredentials)
        case .refused(let .otherSender(uid, pid), _)?: .refused(.otherSender(uid: uid, pid: pid))
        case .refused(.tooLong, _)?: .refused(.tooLong)
        }
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
