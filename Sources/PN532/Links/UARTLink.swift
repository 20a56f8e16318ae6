import CLinux
import NFCCore

#if canImport(Glibc)
import Glibc
#endif

/// A PN532 on a serial port (HSU): raw 8N1 through termios, opened exclusively.
///
/// The port is opened with `O_NOCTTY`, locked with `flock` and `TIOCEXCL` so that no other
/// process (another pn532ctl, libnfc, a getty) can talk to the chip at the same time, and set
/// to 115200 baud, the PN532's power-on rate.
public final class UARTLink: ByteLink {
    public let name: String
    public private(set) var bitsPerSecond: Int?
    private var descriptor: Int32

    /// Opens `path` at `bitsPerSecond` (115200 unless said).
    public init(path: String, bitsPerSecond: Int = 115_200) throws(LinkError) {
        name = path
        descriptor = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw LinkError(.open, device: path, errno: Glibc.errno, operation: "open") }
        do throws(LinkError) {
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                throw LinkError(Glibc.errno == EWOULDBLOCK ? .busy : .io, device: path, errno: Glibc.errno, operation: "lock")
            }
            guard clinux_set_exclusive(descriptor) == 0 else {
                throw LinkError(.io, device: path, errno: Glibc.errno, operation: "TIOCEXCL")
            }
            guard clinux_make_raw(descriptor) == 0 else {
                throw LinkError(.io, device: path, errno: Glibc.errno, operation: "raw mode (is it a serial port?)")
            }
            try setBitsPerSecond(bitsPerSecond)
            try discardInput()
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    deinit {
        close()
    }

    /// Closes the port; further use fails with `.closed`.
    public func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    public var now: MonotonicTime { .monotonicNow() }

    /// The port's descriptor (-1 once closed).
    public var pollDescriptor: Int32? { descriptor }

    public func write(_ bytes: [UInt8]) throws(LinkError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EAGAIN || errno == EINTR {
                try waitFor(Int16(POLLOUT), until: now + .seconds(1), operation: "write")
            } else {
                throw LinkError(errno == EIO ? .closed : .io, device: name, errno: errno, operation: "write")
            }
        }
    }

    public func read(until deadline: MonotonicTime) throws(LinkError) -> [UInt8] {
        guard descriptor >= 0 else { throw LinkError(.closed, device: name, operation: "read") }
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Array(buffer[..<count]) }
            if count < 0, errno != EAGAIN, errno != EINTR {
                throw LinkError(errno == EIO ? .closed : .io, device: name, errno: errno, operation: "read")
            }
            // With VMIN 0 a terminal's read() returns 0 for "nothing yet"; a hang-up shows in poll.
            guard try waitFor(Int16(POLLIN), until: deadline, operation: "read") else { return [] }
        }
    }

    public func discardInput() throws(LinkError) {
        guard tcflush(descriptor, TCIFLUSH) == 0 else {
            throw LinkError(.io, device: name, errno: errno, operation: "flush input")
        }
    }

    public func setBitsPerSecond(_ rate: Int) throws(LinkError) {
        guard tcdrain(descriptor) == 0 else { throw LinkError(.io, device: name, errno: errno, operation: "drain output") }
        guard clinux_set_speed(descriptor, UInt32(rate)) == 0 else {
            throw LinkError(.unsupported, device: name, errno: errno, operation: "set \(rate) baud")
        }
        bitsPerSecond = rate
    }

    /// Polls for `events` until `deadline`; false on timeout. A hang-up is `.closed`.
    @discardableResult
    private func waitFor(_ events: Int16, until deadline: MonotonicTime, operation: String) throws(LinkError) -> Bool {
        while true {
            let remaining = deadline - now
            guard remaining > .zero else { return false }
            try LinkInterruption.check(device: name, operation: operation)
            var entries = [pollfd(fd: descriptor, events: events, revents: 0),
                           pollfd(fd: LinkInterruption.descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
            let ready = clinux_poll_nanoseconds(&entries, UInt(entries.count), remaining.nanoseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw LinkError(.io, device: name, errno: errno, operation: operation) }
            if entries[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                throw LinkError(.closed, device: name, operation: operation)
            }
            if entries[0].revents != 0 { return true }
        }
    }
}
