import NFCCore
/// The timing and limits of an `SPILink`.
public struct SPILinkSettings: Sendable {
    /// How long to wait after a not-ready status byte before polling again, for the first
    /// `busyPollWindow` after a write: the ACK and most responses come within it.
    public var pollInterval: Duration = .milliseconds(1)
    /// How long after a write the link polls every `pollInterval`.
    public var busyPollWindow: Duration = .milliseconds(20)
    /// How long to wait between polls after that, while the chip waits for a tag (libnfc and
    /// Adafruit poll every 10 ms throughout; a poll is one SPI message of two bytes).
    public var idlePollInterval: Duration = .milliseconds(10)
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
