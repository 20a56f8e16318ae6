import Basics
import CLinux
import NFCCore
import POSIXIO
import SystemPackage

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
    public var kind: LinkKind { .uart }
    public private(set) var bitsPerSecond: Int?
    private var file: FileDescriptor?
    private var descriptor: Int32 { file?.rawValue ?? -1 }

    /// Opens `path` at `bitsPerSecond` (115200 unless said).
    public init(path: String, bitsPerSecond: Int = 115_200) throws(LinkError) {
        name = path
        let opened: FileDescriptor
        do throws(Errno) {
            opened = try .opening(path, .readWrite, options: [.noControllingTerminal, .nonBlocking])
        } catch {
            throw LinkError(.open, device: path, errno: error, operation: "open", link: .uart)
        }
        file = opened
        do throws(LinkError) {
            try Self.call(device: path, operation: "lock", busyOn: .wouldBlock) { flock(opened.rawValue, LOCK_EX | LOCK_NB) }
            try Self.call(device: path, operation: "TIOCEXCL") { clinux_set_exclusive(opened.rawValue) }
            try Self.call(device: path, operation: "raw mode (is it a serial port?)") { clinux_make_raw(opened.rawValue) }
            try setBitsPerSecond(bitsPerSecond)
            try discardInput()
        } catch {
            close()
            throw error
        }
    }

    /// Runs the system call `call` on the port (retried on EINTR); its failure as a link error
    /// of `kind`, or `.busy` when it failed with `busyOn` (another process holds the port).
    private static func call(
        device: String, operation: String, kind: LinkError.Kind = .io, busyOn: Errno? = nil, _ call: () -> Int32
    ) throws(LinkError) {
        do throws(Errno) {
            try retryingInterrupts(call)
        } catch {
            throw LinkError(error == busyOn ? .busy : kind, device: device, errno: error, operation: operation, link: .uart)
        }
    }

    deinit {
        close()
    }

    /// Closes the port; further use fails with `.closed`.
    public func close() {
        file?.closeQuietly()
        file = nil
    }

    public var now: MonotonicTime { .monotonicNow() }

    /// The port's descriptor (-1 once closed).
    public var pollDescriptor: Int32? { descriptor }

    public func write(_ bytes: [UInt8]) throws(LinkError) {
        var offset = 0
        while offset < bytes.count {
            do throws(Errno) {
                guard let file else { throw Errno.badFileDescriptor }
                let written = try file.writeSome(bytes[offset...])
                guard written > 0 else { throw Errno.ioError }  // a port that takes nothing is gone
                offset += written
            } catch Errno.wouldBlock {
                try waitFor(Int16(POLLOUT), until: now + .seconds(1), operation: "write")
            } catch {
                throw LinkError(error == .ioError ? .closed : .io, device: name, errno: error, operation: "write", link: .uart)
            }
        }
    }

    public func read(until deadline: MonotonicTime) throws(LinkError) -> [UInt8] {
        guard let file else { throw LinkError(.closed, device: name, operation: "read", link: .uart) }
        while true {
            do throws(Errno) {
                let bytes = try file.readSome(upTo: 512)
                if !bytes.isEmpty { return bytes }
            } catch Errno.wouldBlock {
            } catch {
                throw LinkError(error == .ioError ? .closed : .io, device: name, errno: error, operation: "read", link: .uart)
            }
            // With VMIN 0 a terminal's read() returns 0 for "nothing yet"; a hang-up shows in poll.
            guard try waitFor(Int16(POLLIN), until: deadline, operation: "read") else { return [] }
        }
    }

    public func discardInput() throws(LinkError) {
        try Self.call(device: name, operation: "flush input") { tcflush(descriptor, TCIFLUSH) }
    }

    public func setBitsPerSecond(_ rate: Int) throws(LinkError) {
        try Self.call(device: name, operation: "drain output") { tcdrain(descriptor) }
        try Self.call(device: name, operation: "set \(rate) baud", kind: .unsupported) { clinux_set_speed(descriptor, UInt32(rate)) }
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
                           Poll.entry(LinkInterruption.descriptor ?? -1, POLLIN)]
            do throws(Errno) {
                try Poll.wait(&entries, timeout: remaining)
            } catch {
                throw LinkError(.io, device: name, errno: error, operation: operation, link: .uart)
            }
            if entries[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                throw LinkError(.closed, device: name, operation: operation, link: .uart)
            }
            if entries[0].revents != 0 { return true }
        }
    }
}
