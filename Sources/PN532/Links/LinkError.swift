import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A failure of the link itself (not of the PN532): it keeps the device and errno.
public struct LinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Kind: Hashable, Sendable {
        /// The device could not be opened.
        case open
        /// Another process holds the device.
        case busy
        /// A read or write failed.
        case io
        /// The device went away (hang-up, unplugged, pty closed).
        case closed
        /// The device does not support a setting (e.g. that UART rate).
        case unsupported
        /// A signal (SIGINT, SIGTERM, SIGHUP) ended the wait; `signal` holds its number.
        case interrupted
    }

    /// What failed.
    public var kind: Kind
    /// The device path or link name.
    public var device: String
    /// What the system call said; nil when none failed.
    public var errno: Errno?
    /// The signal that ended the wait (`.interrupted`).
    public var signal: Int32?
    /// What the link was doing, e.g. "set 921600 baud".
    public var operation: String
    /// The bus of the device, when the link knows it: what an open failure advises.
    public var link: LinkKind?

    /// Creates a link error.
    public init(_ kind: Kind, device: String, errno: Errno? = nil, signal: Int32? = nil, operation: String, link: LinkKind? = nil) {
        self.kind = kind
        self.device = device
        self.errno = errno
        self.signal = signal
        self.operation = operation
        self.link = link
    }

    public var description: String {
        let reason = errno.map { ": \($0)" } ?? ""
        switch kind {
        case .busy:
            return "\(device) is in use by another process (\(operation)); stop it (e.g. pn532ctl door, nfc-poll, a serial console) and try again"
        case .closed:
            return "\(device) went away (\(operation))\(reason): unplugged, or the other end closed"
        case .open:
            let group = link == .i2c ? "i2c" : link == .spi ? "spi" : "dialout"
            return "cannot open \(device)\(reason)" + (errno == .permissionDenied ? " (add your user to the \(group) group)" : "")
        case .interrupted:
            return "interrupted by signal \(signal ?? 0) (\(operation) on \(device))"
        case .io, .unsupported:
            return "\(device): \(operation) failed\(reason)"
        }
    }
}
