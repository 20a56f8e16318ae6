import Basics
import CLinux
import NFCCore
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A device on a Linux SPI bus through spidev (`/dev/spidevB.C`): mode 0, 8 bits a word,
/// `speed` Hz, and one `SPI_IOC_MESSAGE(n)` per message. Waits are on CLOCK_MONOTONIC.
public final class LinuxSPIDevice: SPIDevice {
    public let path: String
    public let speed: Int
    private let file: FileDescriptor

    /// Opens `path` in SPI mode 0 at `speed` Hz.
    public init(path: String, speed: Int) throws(LinkError) {
        self.path = path
        self.speed = speed
        let name = SPILink.name(path: path, speed: speed)
        do throws(Errno) {
            file = try .opening(path, .readWrite)
        } catch {
            throw LinkError(.open, device: name, errno: error, operation: "open", link: .spi)
        }
        var step: UnsafePointer<CChar>?
        if clinux_spi_configure(file.rawValue, 0, UInt32(clamping: speed), &step) != 0 {
            let failure = Errno(rawValue: Glibc.errno)
            file.closeQuietly()
            let request = step.map { String(cString: $0) } ?? "ioctl"
            throw LinkError(.io, device: name, errno: failure, operation: "\(request) (is it an spidev device?)", link: .spi)
        }
    }

    deinit {
        file.closeQuietly()
    }

    public var now: MonotonicTime { .monotonicNow() }

    public var hasInterruptLine: Bool { false }

    public func setLeastSignificantBitFirst(_ on: Bool) throws(SPITransferError) {
        guard clinux_spi_set_lsb_first(file.rawValue, on ? 1 : 0) == 0 else { throw SPITransferError(errno: Errno(rawValue: Glibc.errno)) }
    }

    /// One `SPI_IOC_MESSAGE(n)`; a return other than the sum of the lengths is EIO.
    public func transfer(_ message: [SPITransfer]) throws(SPITransferError) -> [[UInt8]] {
        guard !message.isEmpty, message.count <= 64 else { throw SPITransferError(errno: .invalidArgument) }
        let lengths = message.map(\.length)
        let total = lengths.reduce(0, +)
        var transmit = [UInt8](repeating: 0, count: max(1, total))
        var receive = [UInt8](repeating: 0, count: max(1, total))
        var offset = 0
        for transfer in message {
            transmit.replaceSubrange(offset..<(offset + transfer.transmit.count), with: transfer.transmit)
            offset += transfer.length
        }
        let result = transmit.withUnsafeBufferPointer { out in
            receive.withUnsafeMutableBufferPointer { into in
                var offset = 0
                let transfers = message.map { transfer in
                    defer { offset += transfer.length }
                    return clinux_spi_transfer(
                        transmit: out.baseAddress.map { $0 + offset }, receive: into.baseAddress.map { $0 + offset },
                        length: UInt32(transfer.length), speed_hz: UInt32(clamping: transfer.speed ?? 0),
                        delay_usecs: UInt16(clamping: transfer.delay.nanoseconds / 1000), cs_change: transfer.changesChipSelect ? 1 : 0)
                }
                return clinux_spi_message(file.rawValue, transfers, transfers.count)
            }
        }
        guard result >= 0 else { throw SPITransferError(errno: Errno(rawValue: Glibc.errno)) }
        guard Int(result) == total else { throw SPITransferError(errno: .ioError) }
        var kept: [[UInt8]] = []
        offset = 0
        for transfer in message {
            kept.append(Array(receive[offset..<(offset + transfer.receiveCount)]))
            offset += transfer.length
        }
        return kept
    }

    /// No IRQ line is wired here: sleeps until `deadline`.
    public func waitForInterrupt(until deadline: MonotonicTime) {
        sleep(until: deadline)
    }

    public func sleep(until time: MonotonicTime) {
        var spec = timespec(tv_sec: Int(time.nanoseconds / 1_000_000_000), tv_nsec: Int(time.nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
    }
}
