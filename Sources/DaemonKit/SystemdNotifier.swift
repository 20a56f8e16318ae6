import Basics
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Tells systemd how the service is doing (the sd_notify protocol, written here): datagrams
/// such as `READY=1` or `WATCHDOG=1` sent over an AF_UNIX socket to the path in
/// `NOTIFY_SOCKET` (`@name` for an abstract socket). Without `NOTIFY_SOCKET` (not under
/// systemd, or not `Type=notify`) every notification is a no-op.
public final class SystemdNotifier {
    /// `READY=1`: start-up is finished (also after a reload).
    public static let ready = "READY=1"
    /// `STOPPING=1`: shutting down.
    public static let stopping = "STOPPING=1"
    /// `WATCHDOG=1`: still alive.
    public static let watchdog = "WATCHDOG=1"

    /// Where notifications go; nil when there is no notify socket.
    public let socketAddress: String?
    /// systemd's watchdog timeout for this process; nil when the watchdog is off.
    public let watchdogTimeout: Duration?

    private let destination: Result<SocketDestination, SystemdNotifyError>?
    private var descriptor: Int32 = -1

    /// A notifier configured from the environment (`NOTIFY_SOCKET`, `WATCHDOG_USEC`,
    /// `WATCHDOG_PID`). `environment` and `processID` are parameters so tests can supply them.
    public init(
        environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } },
        processID: Int32 = getpid()
    ) {
        let socket = environment("NOTIFY_SOCKET").flatMap { $0.isEmpty ? nil : $0 }
        socketAddress = socket
        destination = socket.map(SocketDestination.parse)
        watchdogTimeout = socket == nil ? nil : Self.watchdogTimeout(
            microseconds: environment("WATCHDOG_USEC"), pid: environment("WATCHDOG_PID"), processID: processID)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// How often to send `WATCHDOG=1`: half the timeout, as systemd advises; nil when the
    /// watchdog is off.
    public var watchdogInterval: Duration? { watchdogTimeout.map { $0 / 2 } }

    /// True when notifications go somewhere.
    public var isEnabled: Bool { destination != nil }

    /// Sends one notification (several `KEY=value` lines joined by newlines); does nothing
    /// without a notify socket.
    public func send(_ state: String) throws(SystemdNotifyError) {
        guard let destination else { return }
        let target = try destination.get()
        if descriptor < 0 {
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw SystemdNotifyError(address: target.text, reason: .socket(errno)) }
        }
        let bytes = Array(state.utf8)
        let sent = target.withSocketAddress { address, length in
            bytes.withUnsafeBytes { buffer in
                sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), address, length)
            }
        }
        guard sent >= 0 else { throw SystemdNotifyError(address: target.text, reason: .send(errno)) }
    }

    /// Sends one notification and says whether it went (or there was nowhere to send it);
    /// for callers that cannot act on a failure.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        do {
            try send(state)
            return true
        } catch {
            return false
        }
    }

    /// `STATUS=…`: a one-line status for `systemctl status` (newlines become spaces).
    public static func status(_ text: String) -> String {
        "STATUS=" + String(text.map { $0.isNewline ? " " : $0 })
    }

    /// `RELOADING=1` with the CLOCK_MONOTONIC time in microseconds, as systemd wants it.
    public static func reloading(monotonicMicroseconds: UInt64 = monotonicMicroseconds()) -> String {
        "RELOADING=1\nMONOTONIC_USEC=\(monotonicMicroseconds)"
    }

    /// CLOCK_MONOTONIC now, in microseconds.
    public static func monotonicMicroseconds() -> UInt64 {
        UInt64(max(0, MonotonicTime.monotonicNow().nanoseconds / 1000))
    }

    /// The watchdog timeout from `WATCHDOG_USEC` (a positive integer), unless `WATCHDOG_PID`
    /// names another process.
    static func watchdogTimeout(microseconds: String?, pid: String?, processID: Int32) -> Duration? {
        guard let microseconds, let value = ASCIINumber.parse(microseconds, as: Int64.self), value > 0 else { return nil }
        if let pid, ASCIINumber.parse(pid, as: Int32.self) != processID { return nil }
        return .microseconds(value)
    }
}

/// A notification that could not be sent.
public struct SystemdNotifyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Reason: Equatable, Sendable {
        /// `NOTIFY_SOCKET` is neither an absolute path nor `@name`, or is too long.
        case badAddress(String)
        /// socket(2) failed; errno.
        case socket(Int32)
        /// sendto(2) failed; errno.
        case send(Int32)
    }

    /// `NOTIFY_SOCKET`.
    public var address: String
    /// What failed.
    public var reason: Reason

    /// An error.
    public init(address: String, reason: Reason) {
        self.address = address
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .badAddress(let why): "NOTIFY_SOCKET=\(address): \(why)"
        case .socket(let code): "systemd notify socket \(address): socket(): \(Errno(rawValue: code)) (errno \(code))"
        case .send(let code): "systemd notify socket \(address): send: \(Errno(rawValue: code)) (errno \(code))"
        }
    }
}
