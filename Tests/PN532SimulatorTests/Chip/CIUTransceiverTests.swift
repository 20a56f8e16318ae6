import TestSupport
import Testing

@testable import PN532Simulator

/// The CIU model's FIFO: what a received answer looks like there, and its size.
struct CIUTransceiverTests {
    /// Reference §5.1: the FIFO bytes `00 01 1E 7D 08` are the answer `00 00` and its CRC_B
    /// `47 0F`, 9 bits a byte.
    @Test func withParityOffEachByteCarriesItsParityBit() {
        #expect(CIUTransceiver.received(hex("00 00 47 0F"), parity: false) == hex("00 01 1E 7D 08"))
    }

    @Test func withParityOnTheBytesAreAsTheyCame() {
        #expect(CIUTransceiver.received(hex("00 00 47 0F"), parity: true) == hex("00 00 47 0F"))
    }

    @Test func theFIFOHolds64BytesAndFlushEmptiesIt() {
        var ciu = CIUTransceiver()
        for byte in 0..<70 { ciu.push(UInt8(byte)) }
        #expect(ciu.fifo.count == 64)
        #expect(ciu.fifo.last == 63)
        ciu.writeLevel(0x80)
        #expect(ciu.fifo.isEmpty)
    }
}
