import CLinux
import DaemonKit
import DoorRecords
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The hook runner's socket: a unix datagram socket bound at a path, mode 0660 (the door's
/// account is in the socket's group), read without blocking. The file mode only limits who can
/// send; what the runner acts on is decided per datagram: `SO_PASSCRED` makes the kernel attach
/// the sender's uid to each one, and only those from `doorUID` are events. Any other sender
/// in the group (a hook, another process of the runner's account) is refused, whatever it wrote.
public final class HookEventReceiver {
    /// One datagram read from the socket.
    public enum Datagram: Equatable, Sendable {
        /// From the door's uid: its bytes, to be parsed as an event.
        case fromDoor([UInt8])
        /// Not acted on: why.
        case refused(Refusal)
    }

    /// Why a datagram was refused.
    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        /// It came without SCM_CREDENTIALS (the kernel attaches them when SO_PASSCRED is on, so
        /// this only happens when something is wrong: refused all the same).
        case noCredentials
        /// It came from another uid than the door's: that uid and pid.
        case otherSender(uid: UInt32, pid: Int32)
        /// It was longer than `HookEvent.datagramLimit`.
        case tooLong

        public var description: String {
            switch self {
            case .noCredentials: "without the sender's credentials"
            case let .otherSender(uid, pid): "from uid \(uid) (pid \(pid)), not the door's"
            case .tooLong: "longer than \(HookEvent.datagramLimit) bytes"
            }
        }
    }

    /// The socket's path.
    public let path: String
    /// The descriptor to poll.
    public let descriptor: Int32
    /// The only uid whose datagrams are events: the door's account.
    public let doorUID: UInt32

    /// Binds a new socket at `path`, replacing a stale socket left there, accepting events
    /// only from `doorUID`.
    ///
    /// - Throws: `HookSocketError` with errno.
    public init(path: String, doorUID: UInt32) throws(HookSocketError) {
        guard case .success(let address) = SocketDestination.parse(path), !address.isAbstract else {
            throw HookSocketError(path: path, step: "the path is not absolute or too long", code: .fileNameTooLong)
        }
        let made = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard made >= 0 else { throw HookSocketError(path: path, step: "socket", code: Errno(rawValue: errno)) }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
        guard clinux_enable_passcred(made) == 0 else {
            let code = Errno(rawValue: errno)
            close(made)
            throw HookSocketError(path: path, step: "SO_PASSCRED", code: code)
        }
        let bound = address.withSocketAddress { bind(made, $0, $1) }
        guard bound == 0 else {
            let code = Errno(rawValue: errno)
            close(made)
            throw HookSocketError(path: path, step: "bind", code: code)
        }
        chmod(path, 0o660)
        self.path = path
        self.doorUID = doorUID
        descriptor = made
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// The next datagram, nil when none is waiting.
    public func receive() -> Datagram? {
        var buffer = [UInt8](repeating: 0, count: HookEvent.datagramLimit)
        var hasCredentials: Int32 = 0
        var uid: UInt32 = 0
        var pid: Int32 = 0
        var truncated: Int32 = 0
        let count = buffer.withUnsafeMutableBytes { raw in
            try? retryingInterrupts { clinux_receive_with_credentials(descriptor, raw.baseAddress, raw.count, &hasCredentials, &uid, &pid, &truncated) }
        }
        guard let count, count >= 0, count <= buffer.count else { return nil }
        guard hasCredentials == 1 else { return .refused(.noCredentials) }
        guard uid == doorUID else { return .refused(.otherSender(uid: uid, pid: pid)) }
        guard truncated == 0 else { return .refused(.tooLong) }
        return .fromDoor(Array(buffer[..<count]))
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
