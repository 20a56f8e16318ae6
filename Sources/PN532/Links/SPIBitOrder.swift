/// Bit reversal for SPI controllers that shift MSB first only: the PN532 wants every byte LSB
/// first, so the host reverses each byte it sends and each byte it receives (libnfc's
/// `spi.c`, CircuitPython, pn532pi).
package enum SPIBitOrder {
    /// `byte` with its bits in the opposite order (bit 0 ↔ bit 7).
    package static func reversed(_ byte: UInt8) -> UInt8 {
        var value = byte
        value = (value & 0xF0) >> 4 | (value & 0x0F) << 4
        value = (value & 0xCC) >> 2 | (value & 0x33) << 2
        value = (value & 0xAA) >> 1 | (value & 0x55) << 1
        return value
    }

    /// Every byte of `bytes` reversed.
    package static func reversed(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { reversed($0) }
    }
}
