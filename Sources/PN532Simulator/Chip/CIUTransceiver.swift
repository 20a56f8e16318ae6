import Basics

/// The part of the PN532's contactless interface unit (CIU) a host drives itself through
/// WriteRegister and ReadRegister to send frames the firmware will not (nfcpy's Topaz 512
/// bypass, reference §1.3): the 64-byte FIFO (CIU_FIFOData, CIU_FIFOLevel), and CIU_Command's
/// Idle (0), Transmit (4), NoCmdChange (7) and Receive (8).
///
/// Transmit sends what the FIFO holds as one frame, its last byte cut to CIU_BitFraming's
/// TxLastBits. A card's answer counts only when Receive follows the frame it answers; it
/// reaches the FIFO when its last bit has arrived, as the 9-bit stream of
/// ``received(_:parity:)`` when CIU_ManualRCV's ParityDisable is set.
struct CIUTransceiver {
    /// CIU_Command: bits 0-3 the command the CIU runs.
    static let command: UInt16 = 0x6331
    /// CIU_FIFOData: a write puts a byte in the FIFO, a read takes the oldest out.
    static let fifoData: UInt16 = 0x6339
    /// CIU_FIFOLevel: bits 0-6 how many bytes the FIFO holds; writing bit 7 (FlushBuffer)
    /// empties it.
    static let fifoLevel: UInt16 = 0x633A
    /// The FIFO's size: bytes beyond it are lost (BufferOvfl).
    static let fifoCapacity = 64

    /// CIU_Command values.
    enum Command {
        static let idle: UInt8 = 0x00
        static let transmit: UInt8 = 0x04
        static let noCommandChange: UInt8 = 0x07
        static let receive: UInt8 = 0x08
    }

    /// A frame on the air: its bytes, the last one carrying `lastBits` bits (1-8).
    struct AirFrame: Equatable {
        var bytes: [UInt8]
        var lastBits: Int
    }

    /// The FIFO, oldest byte first.
    private(set) var fifo: [UInt8] = []
    /// A card's answer to the last frame sent (with its CRC), and when its last bit is on
    /// the air; it is lost unless Receive comes before the next Transmit or Idle.
    var answer: (bytes: [UInt8], at: MonotonicTime)?
    /// What the receiver got, on its way to the FIFO, and when it gets there.
    private var incoming: (bytes: [UInt8], at: MonotonicTime)?
    /// The Topaz command heard so far: the code from a short frame, then one byte per frame.
    var topazCommand: [UInt8] = []

    /// A byte written to CIU_FIFOData.
    mutating func push(_ byte: UInt8) {
        if fifo.count < Self.fifoCapacity { fifo.append(byte) }
    }

    /// CIU_FIFOLevel written: FlushBuffer empties the FIFO.
    mutating func writeLevel(_ value: UInt8) {
        if value & 0x80 != 0 { fifo.removeAll() }
    }

    /// CIU_FIFOLevel read at `time`.
    mutating func level(at time: MonotonicTime) -> UInt8 {
        arrive(by: time)
        return UInt8(fifo.count)
    }

    /// CIU_FIFOData read at `time`: the oldest byte, 00 when the FIFO is empty.
    mutating func pop(at time: MonotonicTime) -> UInt8 {
        arrive(by: time)
        return fifo.isEmpty ? 0 : fifo.removeFirst()
    }

    /// Transmit: the FIFO's bytes as one frame (CRC_A after them when the chip adds it), the
    /// FIFO then empty. Nil when the FIFO was empty.
    mutating func transmit(lastBits: Int, crcA: Bool) -> AirFrame? {
        guard !fifo.isEmpty else { return nil }
        let frame = crcA ? AirFrame(bytes: fifo + CRCA.checksum(fifo), lastBits: 8) : AirFrame(bytes: fifo, lastBits: lastBits == 0 ? 8 : lastBits)
        fifo.removeAll()
        answer = nil
        return frame
    }

    /// Receive: the answer to the last frame, if any, goes to the FIFO when it has arrived.
    mutating func receive(parity: Bool) {
        guard let answer else { return }
        incoming = (Self.received(answer.bytes, parity: parity), answer.at)
        self.answer = nil
    }

    /// Idle: the receiver stops; an answer not received yet is lost.
    mutating func idle() {
        answer = nil
        incoming = nil
    }

    /// Moves what was received into the FIFO once it has arrived (at most the FIFO's size).
    private mutating func arrive(by time: MonotonicTime) {
        guard let incoming, incoming.at <= time else { return }
        for byte in incoming.bytes { push(byte) }
        self.incoming = nil
    }

    /// Received `bytes` as they land in the FIFO: as they are when the CIU checks and strips
    /// parity; with parity off, each byte's 8 data bits (least significant first) then its odd
    /// parity bit, packed least significant bit first, the last FIFO byte padded with zeros.
    static func received(_ bytes: [UInt8], parity: Bool) -> [UInt8] {
        guard !parity else { return bytes }
        var stream = [UInt8](repeating: 0, count: (bytes.count * 9 + 7) / 8)
        for (index, byte) in bytes.enumerated() {
            let parityBit = UInt16(byte.nonzeroBitCount % 2 == 0 ? 1 : 0)
            let bits = UInt16(byte) | parityBit << 8
            for bit in 0..<9 where bits >> bit & 1 == 1 {
                let position = index * 9 + bit
                stream[position / 8] |= 1 << (position % 8)
            }
        }
        return stream
    }
}
