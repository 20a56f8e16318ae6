import Basics
import NFCCore
/// A byte pipe to a PN532: UART, I2C, or the simulator.
///
/// "Write these bytes; read what arrives before this deadline." Every read has a deadline,
/// so nothing waits forever.
public protocol ByteLink: AnyObject {
    /// What the link talks to, for messages: a device path or `sim`.
    var name: String { get }
    /// The bus: a serial port (or the simulator's model of one), or I2C.
    var kind: LinkKind { get }
    /// The link's clock. Deadlines passed to `read(until:)` are on this clock.
    var now: MonotonicTime { get }
    /// The current UART rate in bits per second, or nil for links without one (I2C).
    var bitsPerSecond: Int? { get }

    /// Writes all of `bytes`, returning once they are on their way.
    func write(_ bytes: [UInt8]) throws(LinkError)
    /// Returns the bytes that arrive before `deadline`: at least one, or none if the
    /// deadline passed first.
    func read(until deadline: MonotonicTime) throws(LinkError) -> [UInt8]
    /// Drops bytes received but not yet read.
    func discardInput() throws(LinkError)
    /// Waits until written bytes have left, then changes the UART rate. Links without a UART
    /// rate ignore it.
    func setBitsPerSecond(_ rate: Int) throws(LinkError)
    /// A file descriptor that poll(2) reports readable when bytes arrive, for hosts that wait
    /// on several things at once; nil when the link has none (I2C, the in-process simulator).
    var pollDescriptor: Int32? { get }
    /// What the link saw that explains a chip that does not answer (an SPI status byte stuck
    /// at `FF`), for error messages; nil when it has nothing to add.
    var diagnosis: String? { get }
}

extension ByteLink {
    /// No descriptor to poll.
    public var pollDescriptor: Int32? { nil }

    /// Nothing to add.
    public var diagnosis: String? { nil }
}
