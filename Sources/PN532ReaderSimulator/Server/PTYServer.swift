import Basics
import CLinux
import NFCCore
import PN532
import PN532Simulator
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Serves a `SimulatedPN532` on a pseudo-terminal in real time, so that any PN532 host
/// (libnfc, nfcpy, this project's driver) can open the slave as if it were `/dev/ttyS0`.
///
/// The chip's bytes leave at the times its timing model gives, on the monotonic clock. The
/// host's UART rate is read from the pty (its termios); when it differs from the chip's rate
/// the bytes are garbled both ways, as on a real wire.
public final class PTYServer {
    /// The chip being served.
    public let chip: SimulatedPN532
    /// The slave device path, e.g. `/dev/pts/3`.
    public let path: String
    /// Faults on bytes from the host to the chip.
    public var hostToChipFaults: ByteFaults = .none
    /// Faults on bytes from the chip to the host.
    public var chipToHostFaults: ByteFaults = .none
    private let master: FileDescriptor
    /// A slave descriptor kept open so that the pty stays up between host sessions.
    private let slave: FileDescriptor

    /// Opens a pseudo-terminal for `chip`.
    public init(chip: SimulatedPN532) throws(LinkError) {
        self.chip = chip
        var name = [CChar](repeating: 0, count: 128)
        let opened: FileDescriptor
        do throws(Errno) {
            opened = FileDescriptor(rawValue: try retryingInterrupts { clinux_open_pty_master(&name, name.count) })
        } catch {
            throw LinkError(.open, device: "/dev/ptmx", errno: error, operation: "open a pseudo-terminal")
        }
        master = opened
        path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slaveEnd: FileDescriptor
        do throws(Errno) {
            slaveEnd = try .opening(path, .readWrite, options: .noControllingTerminal)
        } catch {
            opened.closeQuietly()
            throw LinkError(.open, device: path, errno: error, operation: "configure the pseudo-terminal")
        }
        do throws(Errno) {
            try retryingInterrupts { clinux_make_raw(slaveEnd.rawValue) }
            try retryingInterrupts { clinux_set_speed(slaveEnd.rawValue, 115_200) }
        } catch {
            slaveEnd.closeQuietly()
            opened.closeQuietly()
            throw LinkError(.open, device: path, errno: error, operation: "configure the pseudo-terminal")
        }
        slave = slaveEnd
        _ = fcntl(opened.rawValue, F_SETFL, fcntl(opened.rawValue, F_GETFL) | O_NONBLOCK)
        // Packet mode: every read starts with a status byte, and a host's tcflush(TCOFLUSH)
        // shows as TIOCPKT_FLUSHWRITE (the pty discards the bytes; a UART had sent them).
        do throws(Errno) {
            try retryingInterrupts { clinux_set_packet_mode(opened.rawValue, 1) }
        } catch {
            slaveEnd.closeQuietly()
            opened.closeQuietly()
            throw LinkError(.open, device: path, errno: error, operation: "packet mode on the pseudo-terminal")
        }
    }

    deinit {
        slave.closeQuietly()
        master.closeQuietly()
    }

    /// The descriptor to poll for host bytes.
    public var descriptor: Int32 { master.rawValue }

    /// How long until the chip next has something to do, capped at `limit`.
    public func timeUntilNextActivity(limit: Duration) -> Duration {
        guard let next = chip.nextActivity else { return limit }
        return min(limit, max(.zero, next - .monotonicNow()))
    }

    /// Reads what the host sent and writes what the chip has ready. Call when `descriptor`
    /// is readable or when `timeUntilNextActivity` has passed.
    ///
    /// The pty delivers the host's bytes at once; here they take their UART time at the
    /// host's rate, one after the other, as on a wire, and reach the chip when their last
    /// byte would have arrived.
    public func service() throws(LinkError) {
        let now = MonotonicTime.monotonicNow()
        while true {
            let buffer: [UInt8]
            do throws(Errno) {
                buffer = try master.readSome(upTo: 1025)
            } catch Errno.wouldBlock, Errno.ioError {
                break
            } catch {
                throw LinkError(.io, device: path, errno: error, operation: "read from the host")
            }
            let count = buffer.count
            guard count > 0 else { break }
            let status = buffer[0]
            guard status == Self.packetData else {
                if status & Self.packetFlushWrite != 0 { chip.hostFlushedOutput(at: max(now, hostLineFreeAt)) }
                continue
            }
            guard count > 1 else { continue }
            let data = Array(buffer[1..<count])
            let start = max(now, hostLineFreeAt)
            hostLineFreeAt = start + .uart(bytes: data.count, bitsPerSecond: Int(clinux_get_speed(master.rawValue)))
            let (wire, faults) = hostToChipFaults.applyReporting(fromHost(data))
            for fault in faults { chip.record(at: start, .fault("host to chip: " + fault)) }
            chip.receive(wire, at: hostLineFreeAt)
        }
        let bytes = chip.output(until: now)
        guard !bytes.isEmpty else { return }
        let (wire, faults) = chipToHostFaults.applyReporting(matchingRates(bytes))
        for fault in faults { chip.record(at: now, .fault("chip to host: " + fault)) }
        do throws(Errno) {
            _ = try master.writeSome(wire[...])
        } catch Errno.wouldBlock, Errno.ioError {
        } catch {
            throw LinkError(.io, device: path, errno: error, operation: "write to the host")
        }
    }

    /// When the host's last bytes have finished arriving, on the UART's time.
    private var hostLineFreeAt = MonotonicTime(nanoseconds: 0)
    /// Packet mode's status bytes (TIOCPKT_DATA, TIOCPKT_FLUSHWRITE).
    private static let packetData: UInt8 = 0x00
    private static let packetFlushWrite: UInt8 = 0x02

    /// Host bytes as the chip receives them. The pty tells the host's rate when the bytes are
    /// read, not when they were written: a host that wrote at one rate and has switched since
    /// (the ACK that closes SetSerialBaudRate) was on the line at the rate seen at the
    /// previous read, so either rate matching the chip's counts.
    private func fromHost(_ bytes: [UInt8]) -> [UInt8] {
        let hostRate = Int(clinux_get_speed(master.rawValue))
        defer { previousHostRate = hostRate }
        return hostRate == chip.bitsPerSecond || previousHostRate == chip.bitsPerSecond ? bytes : garbledByRateMismatch(bytes)
    }

    /// The host's rate at the previous read.
    private var previousHostRate = 115_200

    private func matchingRates(_ bytes: [UInt8]) -> [UInt8] {
        let hostRate = Int(clinux_get_speed(master.rawValue))
        return hostRate == chip.bitsPerSecond ? bytes : garbledByRateMismatch(bytes)
    }
}
