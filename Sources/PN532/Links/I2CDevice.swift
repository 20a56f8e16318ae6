import SystemPackage
import Basics
import NFCCore
/// One I2C device as the kernel's i2c-dev driver presents it: whole read and write
/// transactions to one 7-bit address, and the clock the link waits on.
///
/// `I2CLink` speaks the PN532's I2C protocol over it; `LinuxI2CDevice` is the real one and the
/// simulator provides another, so the link's polling, bus-free gaps and retries are tested on a
/// virtual clock.
public protocol I2CDevice: AnyObject {
    /// The bus, e.g. `/dev/i2c-1`.
    var bus: String { get }
    /// The 7-bit address.
    var address: UInt8 { get }
    /// A monotonic clock.
    var now: MonotonicTime { get }
    /// True when the PN532's IRQ line is wired, so `waitForInterrupt(until:)` ends when the chip
    /// has a frame.
    var hasInterruptLine: Bool { get }

    /// One write transaction (START, address, `bytes`, STOP).
    func write(_ bytes: [UInt8]) throws(I2CTransferError)
    /// One read transaction of `count` bytes.
    func read(count: Int) throws(I2CTransferError) -> [UInt8]
    /// Waits until `time`.
    func sleep(until time: MonotonicTime)
    /// Waits until the IRQ line is low (the chip has a frame; at once while it is) or until
    /// `deadline`. Without an IRQ line: until `deadline`.
    func waitForInterrupt(until deadline: MonotonicTime)
}

/// A failed I2C transaction: the errno the kernel gave (ENXIO: address not acknowledged,
/// EREMOTEIO: a byte not acknowledged, ETIMEDOUT: the bus is held).
public struct I2CTransferError: Error, Hashable, Sendable {
    /// The errno value.
    public var errno: Errno

    /// Creates an error for `errno`.
    public init(errno: Errno) {
        self.errno = errno
    }
}
