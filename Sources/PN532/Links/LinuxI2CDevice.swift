import CLinux
import NFCCore

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
    private var descriptor: Int32

    /// Opens `bus` and addresses `address` (7-bit, 0x03–0x77).
    public init(bus: String, address: UInt8) throws(LinkError) {
        self.bus = bus
        self.address = address
        let name = I2CLink.name(bus: bus, address: address)
        descriptor = open(bus, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw LinkError(.open, device: name, errno: Glibc.errno, operation: "open") }
        guard clinux_i2c_set_address(descriptor, UInt32(address)) == 0 else {
            let code = Glibc.errno
            Glibc.close(descriptor)
            throw LinkError(code == EBUSY ? .busy : .io, device: name, errno: code, operation: "ioctl(I2C_SLAVE) (is it an I2C bus?)")
        }
    }

    deinit {
        Glibc.close(descriptor)
    }

    public var now: MonotonicTime { .monotonicNow() }

    public var hasInterruptLine: Bool { false }

    public func write(_ bytes: [UInt8]) throws(I2CTransferError) {
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written >= 0 else { throw I2CTransferError(errno: Glibc.errno) }
        guard written == bytes.count else { throw I2CTransferError(errno: EREMOTEIO) }
    }

    public func read(count: Int) throws(I2CTransferError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let received = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard received >= 0 else { throw I2CTransferError(errno: Glibc.errno) }
        return Array(buffer[..<received])
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
