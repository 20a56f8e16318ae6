import FuzzSupport
import PN532

/// libFuzzer entry point for the decoder of a Topaz answer in the PN532's CIU FIFO (9 bits a
/// byte, CRC_B at the end), as the Jewel bypass reads it.
///
/// Input: the FIFO's bytes, any number (more than the FIFO's 64 included).
/// Invariants: no trap; more than 64 bytes is refused; a decoded answer fills exactly the FIFO
/// bytes given (with its CRC), and re-encoding it with odd parity and its CRC_B gives them back
/// apart from the padding bits of the last byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJewelFIFO(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let fifo = input.bytes(size)
    guard let answer = try? JewelFIFOStream.decode(fifo) else {
        return 0
    }
    require(fifo.count <= JewelFIFOStream.capacity, "\(fifo.count) FIFO bytes accepted")
    let framed = answer + JewelFrameCheck.crcB(answer)
    require(JewelFIFOStream.fifoCount(answerCount: framed.count) == fifo.count, "an answer of \(answer.count) bytes from \(fifo.count) FIFO bytes")
    var stream = [UInt8](repeating: 0, count: fifo.count)
    for (index, byte) in framed.enumerated() {
        let bits = UInt16(byte) | UInt16(byte.nonzeroBitCount % 2 == 0 ? 1 : 0) << 8
        for bit in 0..<9 where bits >> bit & 1 == 1 {
            stream[(index * 9 + bit) / 8] |= 1 << ((index * 9 + bit) % 8)
        }
    }
    let used = framed.count * 9
    for (index, byte) in fifo.enumerated() {
        let mask: UInt8 = index < used / 8 ? 0xFF : UInt8((1 << (used % 8)) - 1)
        require(byte & mask == stream[index], "FIFO byte \(index) does not re-encode")
    }
    return 0
}
