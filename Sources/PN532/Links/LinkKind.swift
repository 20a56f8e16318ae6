/// The bus a PN532 is on: what its errors advise (the `i2c`, `spi` or `dialout` group, the
/// bus's hints) and what a device allows (a UART rate, an IRQ line).
public enum LinkKind: Hashable, Sendable {
    /// A serial port (HSU), or the simulator's model of one.
    case uart
    /// An I2C bus.
    case i2c
    /// An SPI bus (spidev).
    case spi
}
