import TestSupport
import Testing

@testable import PN532Simulator

/// The Topaz 512 reached by driving the CIU's registers, as nfcpy does for the commands the
/// firmware does not pass (reference §1.3): the sequence is written here from the reference,
/// not taken from the driver.
struct TopazCIUTests {
    /// UID0–UID3 of the reference's CRC_B vectors (§5.1).
    static let uid = hex("B2 56 54 00 05 06 07")

    static func selected() throws -> FrameHost {
        let host = try FrameHost.awake(tags: [SimulatedTag(product: .topaz512, uid: uid)])
        _ = try host.exchange([0x4A, 0x01, 0x04])
        return host
    }

    /// A WriteRegister payload: each address (2 bytes) and value.
    static func writeRegister(_ writes: [(UInt16, UInt8)]) -> [UInt8] {
        [0x08] + writes.flatMap { [UInt8($0.0 >> 8), UInt8($0.0 & 0xFF), $0.1] }
    }

    /// Reference §1.3 steps 2-4 for `frame` (command and CRC_B): CRC off both ways (TxMode and
    /// RxMode 00) first unless `crcOff` is false; ManualRCV 30 (parity off) unless `parityOff`
    /// is false.
    static func sending(_ frame: [UInt8], crcOff: Bool = true, parityOff: Bool = true) -> [UInt8] {
        var writes: [(UInt16, UInt8)] = crcOff ? [(0x6302, 0x00), (0x6303, 0x00)] : []
        writes += [(0x6339, frame[0]), (0x633D, 0x07), (0x6331, 0x04), (0x633D, 0x00), (0x630D, parityOff ? 0x30 : 0x20)]
        for byte in frame.dropFirst() {
            writes += [(0x6339, byte), (0x6331, 0x04), (0x6331, 0x07)]
        }
        writes.append((0x6331, 0x08))
        return writeRegister(writes)
    }

    /// Sends `frame` through the CIU, then reads FIFOLevel and that many FIFOData bytes.
    static func transceive(_ host: FrameHost, _ frame: [UInt8], crcOff: Bool = true, parityOff: Bool = true) throws -> [UInt8] {
        #expect(try host.response(to: sending(frame, crcOff: crcOff, parityOff: parityOff)) == [0x09])
        let level = try #require(try host.response(to: [0x06, 0x63, 0x3A]))
        try #require(level.count == 2)
        guard level[1] > 0 else { return [] }
        let fifo = try #require(try host.response(to: [0x06] + [UInt8](repeating: 0, count: Int(level[1])).flatMap { _ in [0x63, 0x39] }))
        return Array(fifo.dropFirst())
    }

    /// The FIFO content of `answer` and its CRC_B received with parity off.
    static func fifo(_ answer: [UInt8]) -> [UInt8] {
        CIUTransceiver.received(answer + CRCB.checksum(answer), parity: false)
    }

    static func command(_ code: UInt8, block: UInt8, _ data: [UInt8] = [UInt8](repeating: 0, count: 8)) -> [UInt8] {
        let command = [code, block] + data + uid.prefix(4)
        return command + CRCB.checksum(command)
    }

    /// READ8 of block 10 with the reference's frame, CRC_B `29 B7` included.
    @Test func read8OfTheReferenceVectorAnswersInNineBitBytes() throws {
        let host = try Self.selected()
        let frame = hex("02 10 00 00 00 00 00 00 00 00 B2 56 54 00 29 B7")
        let memory = host.chip.field[0].memory
        #expect(try Self.transceive(host, frame) == Self.fifo([0x10] + Array(memory[0x80..<0x88])))
    }

    @Test func writeE8WritesTheDynamicAreaAndRead8ReadsItBack() throws {
        let host = try Self.selected()
        let data = hex("01 02 03 04 05 06 07 08")
        #expect(try Self.transceive(host, Self.command(0x54, block: 0x20, data)) == Self.fifo([0x20] + data))
        #expect(Array(host.chip.field[0].memory[0x100..<0x108]) == data)
        #expect(try Self.transceive(host, Self.command(0x02, block: 0x20)) == Self.fifo([0x20] + data))
    }

    @Test func aCommandWithABadCRCGetsNoAnswerAndChangesNothing() throws {
        let host = try Self.selected()
        var frame = Self.command(0x54, block: 0x20, hex("01 02 03 04 05 06 07 08"))
        frame[frame.count - 1] ^= 0x01
        let before = host.chip.field[0].memory
        #expect(try Self.transceive(host, frame) == [])
        #expect(host.chip.field[0].memory == before)
    }

    /// With TxCRCEn on, the chip puts CRC_A after each byte: no Topaz frame.
    @Test func withTheChipsCRCStillOnTheTopazHearsNothing() throws {
        let host = try Self.selected()
        #expect(try Self.transceive(host, Self.command(0x02, block: 0x10), crcOff: false) == [])
    }

    /// With parity on, the CIU checks and strips the parity bits: plain bytes in the FIFO.
    @Test func withParityOnTheFIFOHoldsPlainBytes() throws {
        let host = try Self.selected()
        let memory = host.chip.field[0].memory
        let answer = [0x10] + Array(memory[0x80..<0x88])
        #expect(try Self.transceive(host, Self.command(0x02, block: 0x10), parityOff: false) == answer + CRCB.checksum(answer))
    }

    @Test func aDynamicLockBitLocksItsBlock() throws {
        let host = try Self.selected()
        let lock = hex("00 00 01 00 00 00 00 00")
        #expect(try Self.transceive(host, Self.command(0x1B, block: 0x0F, lock)) == Self.fifo([0x0F] + lock))
        let data = hex("01 02 03 04 05 06 07 08")
        #expect(try Self.transceive(host, Self.command(0x54, block: 0x10, data)) == Self.fifo([0x10] + [UInt8](repeating: 0, count: 8)))
        #expect(try Self.transceive(host, Self.command(0x54, block: 0x11, data)) == Self.fifo([0x11] + data))
    }

    /// The answer is lost unless Receive follows: a Transmit alone leaves the FIFO empty.
    @Test func withoutReceiveNothingComesIntoTheFIFO() throws {
        let host = try Self.selected()
        var payload = Self.sending(Self.command(0x02, block: 0x10))
        payload.removeLast(3)
        #expect(try host.response(to: payload) == [0x09])
        #expect(try host.response(to: [0x06, 0x63, 0x3A]) == [0x07, 0x00])
    }
}
