import Basics
import CLinux
import NFCCore
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A device on a Linux I2C bus through i2c-dev (`/dev/i2c-N`): `ioctl(I2C_SLAVE)` once, then
/// plain `read()` and `write()`, each one bus transaction. Waits are on CLOCK_MONOTONIC.
///
/// The bus is not locked: other devices on it stay usable by other processes.
public final class LinuxI2CDevice: I2CDevice {
    public let bus: String
    public let address: UInt8
    private let file: FileDescriptor

    /// Opens `bus` and addresses `address` (7-bit, 0x03–0x77).
    public init(bus: String, address: UInt8) throws(LinkError) {
        self.bus = bus
        self.address = address
        let name = I2CLink.name(bus: bus, address: address)
        do throws(Errno) {
            file = try .opening(bus, .readWrite)
        } catch {
            throw LinkError(.open, device: name, errno: error, operation: "open", link: .i2c)
        }
        do throws(Errno) {
            try retryingInterrupts { [file] in clinux_i2c_set_address(file.rawValue, UInt32(address)) }
        } catch {
            file.closeQuietly()
            throw LinkError(error == .resourceBusy ? .busy : .io, device: name, errno: error, operation: "ioctl(I2C_SLAVE) (is it an I2C bus?)", link: .i2c)
        }
    }

    deinit {
        file.closeQuietly()
    }

    public var now: MonotonicTime { .monotonicNow() }

    public var hasInterruptLine: Bool { false }

    /// One write(2), one bus transaction: a short one is a failed transfer, not continued.
    public func write(_ bytes: [UInt8]) throws(I2CTransferError) {
        let written: Int
        do throws(Errno) { written = try file.writeSome(bytes[...]) } catch { throw I2CTransferError(errno: error) }
        guard written == bytes.count else { throw I2CTransferError(errno: Errno(rawValue: EREMOTEIO)) }
    }

    /// One read(2), one bus transaction.
    public func read(count: Int) throws(I2CTransferError) -> [UInt8] {
        do throws(Errno) { return try file.readSome(upTo: count) } catch { throw I2CTransferError(errno: error) }
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
