import SystemPackage
import Basics
import NFCCore
/// One transfer of an SPI message, shaped as the kernel's `struct spi_ioc_transfer`: bytes out,
/// a count of bytes in (full duplex when both are given: `length` clocks), what chip select
/// does after it, a delay and a clock rate.
public struct SPITransfer: Hashable, Sendable {
    /// Bytes shifted out; zeros after them (and for a transfer that only reads).
    public var transmit: [UInt8]
    /// How many of the bytes shifted in are kept, from the first.
    public var receiveCount: Int
    /// Mid-message: chip select is released after this transfer and asserted again for the
    /// next one (a new CS frame). On the last transfer: a request to keep it asserted.
    public var changesChipSelect: Bool
    /// Time after the transfer, chip select still asserted (spidev's `delay_usecs`, at most
    /// 65 535 µs).
    public var delay: Duration
    /// The clock rate in Hz for this transfer; nil for the device's rate.
    public var speed: Int?

    /// A transfer; by default it keeps chip select, waits nothing and runs at the device's rate.
    public init(transmit: [UInt8] = [], receiveCount: Int = 0, changesChipSelect: Bool = false, delay: Duration = .zero, speed: Int? = nil) {
        self.transmit = transmit
        self.receiveCount = receiveCount
        self.changesChipSelect = changesChipSelect
        self.delay = delay
        self.speed = speed
    }

    /// The bytes clocked: the longer of what goes out and what is kept.
    public var length: Int { max(transmit.count, receiveCount) }
}

/// An SPI device as Linux spidev presents it (`/dev/spidevB.C`): whole messages, each one
/// `SPI_IOC_MESSAGE` (chip select asserted for its transfers), the bit order, and the clock the
/// link waits on. Bytes are as the controller shifts them: with MSB-first, a byte's bit 7
/// goes first.
///
/// `SPILink` speaks the PN532's SPI protocol over it; `LinuxSPIDevice` is the real one and the
/// simulator provides another, so the link's polling, bit order and split reads are tested on a
/// virtual clock.
public protocol SPIDevice: AnyObject {
    /// The device node, e.g. `/dev/spidev0.0`.
    var path: String { get }
    /// The clock rate in Hz.
    var speed: Int { get }
    /// A monotonic clock.
    var now: MonotonicTime { get }
    /// True when the PN532's IRQ line is wired, so `waitForInterrupt(until:)` ends when the chip
    /// has a frame.
    var hasInterruptLine: Bool { get }

    /// Asks the controller to shift LSB first (SPI_IOC_WR_LSB_FIRST). Throws EINVAL when it
    /// cannot (the Raspberry Pi's spi-bcm2835); the order is then unchanged.
    func setLeastSignificantBitFirst(_ on: Bool) throws(SPITransferError)
    /// One message: the transfers in order. Returns each transfer's kept bytes
    /// (`receiveCount` of them).
    func transfer(_ message: [SPITransfer]) throws(SPITransferError) -> [[UInt8]]
    /// Waits until `time`.
    func sleep(until time: MonotonicTime)
    /// Waits until the IRQ line is low (the chip has a frame; at once while it is) or until
    /// `deadline`. Without an IRQ line: until `deadline`.
    func waitForInterrupt(until deadline: MonotonicTime)
}

/// A failed SPI ioctl: the errno the kernel gave (EMSGSIZE past spidev's buffer, EINVAL for a
/// mode the controller refuses).
public struct SPITransferError: Error, Hashable, Sendable {
    /// The errno value.
    public var errno: Errno

    /// Creates an error for `errno`.
    public init(errno: Errno) {
        self.errno = errno
    }
}
