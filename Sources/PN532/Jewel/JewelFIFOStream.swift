/// A Topaz's answer as it lies in the PN532's CIU FIFO when the host received it itself with
/// parity off (reference §1.3): each byte as its 8 data bits, least significant first, then
/// its odd parity bit, the 9-bit groups packed least significant bit first, the last FIFO byte
/// padded; the answer ends with its CRC_B.
public enum JewelFIFOStream {
    /// The CIU FIFO's size in bytes.
    public static let capacity = 64

    /// How many FIFO bytes an answer of `count` bytes (CRC_B included) fills.
    public static func fifoCount(answerCount count: Int) -> Int {
        (count * 9 + 7) / 8
    }

    /// The answer's bytes, CRC_B checked and taken off.
    ///
    /// - Throws: `.longerThanFIFO` for more bytes than the FIFO holds, `.bitCount` when they
    ///   are not whole 9-bit bytes of an answer of at least one byte and its CRC, `.parity`
    ///   for a byte whose parity bit is wrong, `.crc` when the CRC_B does not match.
    public static func decode(_ fifo: [UInt8]) throws(JewelFIFOError) -> [UInt8] {
        guard fifo.count <= capacity else { throw .longerThanFIFO(fifo.count) }
        let count = fifo.count * 8 / 9
        guard count >= 3, fifoCount(answerCount: count) == fifo.count else { throw .bitCount(fifo.count) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for index in 0..<count {
            var bits: UInt16 = 0
            for bit in 0..<9 {
                let position = index * 9 + bit
                bits |= UInt16(fifo[position / 8] >> (position % 8) & 1) << bit
            }
            let byte = UInt8(truncatingIfNeeded: bits)
            guard (byte.nonzeroBitCount + Int(bits >> 8)) % 2 == 1 else { throw .parity(byteIndex: index) }
            bytes.append(byte)
        }
        let data = bytes.dropLast(2)
        guard JewelFrameCheck.crcB(data).elementsEqual(bytes.suffix(2)) else { throw .crc }
        return Array(data)
    }
}

/// Why the CIU FIFO does not hold a Topaz answer.
public enum JewelFIFOError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The chip reported more bytes than its FIFO has.
    case longerThanFIFO(Int)
    /// The bytes are not whole 9-bit bytes of an answer and its CRC_B.
    case bitCount(Int)
    /// A byte's parity bit is wrong.
    case parity(byteIndex: Int)
    /// The CRC_B does not match.
    case crc

    public var description: String {
        switch self {
        case let .longerThanFIFO(count):
            "the chip reported \(count) bytes in its CIU FIFO, which holds \(JewelFIFOStream.capacity)"
        case let .bitCount(count):
            "the \(count) bytes in the CIU FIFO are not a whole Topaz answer (9 bits a byte, CRC_B at the end)"
        case let .parity(index):
            "byte \(index) of the Topaz's answer has a wrong parity bit"
        case .crc:
            "the Topaz's answer fails its CRC_B"
        }
    }
}
