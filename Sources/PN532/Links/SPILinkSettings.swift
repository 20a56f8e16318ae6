import NFCCore
/// The timing and limits of an `SPILink`.
public struct SPILinkSettings: Sendable {
    /// How long to wait after a not-ready status byte before polling again (libnfc and
    /// Adafruit poll every 10 ms; a poll is two bytes on the bus).
    public var pollInterval: Duration = .milliseconds(2)
    /// How long chip select is held low to wake the chip (UM0701: "a couple of milliseconds";
    /// Adafruit, Seeed: 2 ms).
    public var wakeUpHold: Duration = .milliseconds(2)
    /// spidev's buffer: the most bytes one message may clock each way (`bufsiz`, 4096 unless
    /// the kernel command line says otherwise).
    public var bufferSize = 4096
    /// Whether the host reverses the bits of every byte: nil asks the controller for LSB first
    /// and reverses only when it refuses (the Raspberry Pi's spi-bcm2835 does).
    public var reversesBits: Bool?

    /// The defaults.
    public init() {}
}
