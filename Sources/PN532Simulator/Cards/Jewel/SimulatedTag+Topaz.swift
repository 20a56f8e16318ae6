/// A Topaz (NFC Forum Type 1): blocks of 8 bytes, the UID in block 0, the static area in
/// blocks 0–E (D reserved, E the lock and OTP bytes); the Topaz 512 adds block F (dynamic lock
/// and reserved bytes) and the dynamic area, blocks 10–3F. Commands arrive as on the air, each
/// ending with UID0–UID3 (the PN532 appends them), and a command for another UID, or one the
/// card does not know, gets no answer.
///
/// Lock bits: LOCK0 (byte 70) bit b locks block b, LOCK1 (byte 71) bit b locks block 8 + b;
/// on the Topaz 512 the dynamic lock bytes 7A–7F lock blocks 10–3F, one bit each, as its Lock
/// Control TLV says. A write to a locked block changes nothing and answers the bytes the block
/// holds. Blocks E and F are one-time programmable: a write only sets bits, erasing or not.
/// Blocks 0 (UID) and D (reserved) are ROM: a write there is not answered.
extension SimulatedTag {
    /// Type 1 command codes.
    enum TopazCommand {
        static let readIdentification: UInt8 = 0x78
        static let readAll: UInt8 = 0x00
        static let read: UInt8 = 0x01
        static let writeErase: UInt8 = 0x53
        static let writeNoErase: UInt8 = 0x1A
        static let readSegment: UInt8 = 0x10
        static let read8: UInt8 = 0x02
        static let writeErase8: UInt8 = 0x54
        static let writeNoErase8: UInt8 = 0x1B
    }

    /// The bytes READ, RALL, WRITE-E and WRITE-NE reach: blocks 0–E (ADD's bit 7 is 0).
    static let topazStaticArea = 0..<120
    /// The one-time-programmable lock and OTP bytes: block E (and block F on a Topaz 512).
    static let topazStaticLockBytes = 0x70..<0x78
    /// The Topaz 512's dynamic lock bytes, named by its Lock Control TLV (`F2 30 33`).
    static let topazDynamicLockBytes = 0x7A..<0x80

    /// Header ROM bytes: HR0 `11` (NDEF, static memory) and HR1 `48` for the Topaz 96, HR0
    /// `12` (NDEF, dynamic memory) and HR1 `4C` for the Topaz 512.
    var topazHeaderROM: [UInt8] { isDynamicTopaz ? [0x12, 0x4C] : [0x11, 0x48] }

    /// True for the Topaz 512 (dynamic memory, the segment and 8-byte commands).
    var isDynamicTopaz: Bool { product == .topaz512 }

    /// Factory content formatted for NDEF: the 7-byte `uid` in block 0, a Capability Container
    /// (`E1 10 0E 00`, 120 bytes, for the Topaz 96; `E1 10 3F 00`, 512 bytes, for the Topaz
    /// 512 with its Lock Control `F2 30 33` and Memory Control `F0 02 03` TLVs), an NDEF message
    /// holding one URI record (`https://example.com/topaz96` or `…/topaz512`), a Terminator
    /// TLV, block D's reserved bytes and the lock bytes of blocks 0, D and E (and F) set.
    static func topazFactoryMemory(product: TagProduct, uid: [UInt8]) -> [UInt8] {
        let dynamic = product == .topaz512
        var memory = [UInt8](repeating: 0, count: dynamic ? 512 : 120)
        memory.replaceSubrange(0..<min(7, uid.count), with: uid.prefix(7))
        let address = Array((dynamic ? "example.com/topaz512" : "example.com/topaz96").utf8)
        let record: [UInt8] = [0xD1, 0x01, UInt8(address.count + 1), 0x55, 0x04] + address
        let controls: [UInt8] = dynamic ? [0x01, 0x03, 0xF2, 0x30, 0x33, 0x02, 0x03, 0xF0, 0x02, 0x03] : []
        let data = [0xE1, 0x10, dynamic ? 0x3F : 0x0E, 0x00] + controls + [0x03, UInt8(record.count)] + record + [0xFE]
        memory.replaceSubrange(8..<8 + data.count, with: data)
        memory.replaceSubrange(0x68..<0x70, with: dynamic ? [0x55, 0x55, 0xAA, 0xAA, 0x12, 0x49, 0x06, 0x00] : [0x55, 0x55, 0xAA, 0xAA, 0, 0, 0, 0])
        memory[0x70] = 0x01
        memory[0x71] = dynamic ? 0xE0 : 0x60
        return memory
    }

    /// The answer of a Topaz in the active state.
    mutating func topazAnswer(_ command: [UInt8]) -> TagResponse {
        guard let code = command.first else { return .silent }
        if code == TopazCommand.readIdentification {
            return command.count == 7 ? .data(topazHeaderROM + Array(uid.prefix(4))) : .silent
        }
        let short = [TopazCommand.readAll, TopazCommand.read, TopazCommand.writeErase, TopazCommand.writeNoErase]
        guard command.count == (short.contains(code) ? 7 : 14), command.suffix(4).elementsEqual(uid.prefix(4)) else {
            return .silent
        }
        if !short.contains(code), !isDynamicTopaz { return .silent }
        let address = Int(command[1])
        switch code {
        case TopazCommand.readAll:
            return .data(topazHeaderROM + Array(memory[Self.topazStaticArea]))
        case TopazCommand.read where Self.topazStaticArea.contains(address):
            return .data([command[1], memory[address]])
        case TopazCommand.writeErase, TopazCommand.writeNoErase:
            guard Self.topazStaticArea.contains(address) else { return .silent }
            return topazWrite([command[2]], at: address, erase: code == TopazCommand.writeErase, echo: command[1])
        case TopazCommand.readSegment where address >> 4 < memory.count / 128:
            let start = (address >> 4) * 128
            return .data([command[1]] + Array(memory[start..<start + 128]))
        case TopazCommand.read8 where address < memory.count / 8:
            return .data([command[1]] + Array(memory[address * 8..<address * 8 + 8]))
        case TopazCommand.writeErase8, TopazCommand.writeNoErase8:
            return topazWrite(Array(command[2..<10]), at: address * 8, erase: code == TopazCommand.writeErase8, echo: command[1])
        default:
            return .silent
        }
    }

    /// Whether `block` is locked by its static or dynamic lock bit.
    func topazIsLocked(block: Int) -> Bool {
        if block <= 0x0E { return memory[0x70 + block / 8] >> (block % 8) & 1 == 1 }
        let bit = block - 0x10
        guard isDynamicTopaz, bit >= 0, bit < Self.topazDynamicLockBytes.count * 8 else { return false }
        return memory[Self.topazDynamicLockBytes.lowerBound + bit / 8] >> (bit % 8) & 1 == 1
    }

    /// Writes `data` at byte `address` (all in one block), erasing first or OR-ing in. Blocks
    /// 0 and D and addresses past the memory are not answered; the one-time-programmable
    /// blocks E and F only take bits; a locked block keeps its bytes. The answer is the
    /// address echo and the bytes the block now holds there.
    private mutating func topazWrite(_ data: [UInt8], at address: Int, erase: Bool, echo: UInt8) -> TagResponse {
        let block = address / 8
        guard address + data.count <= memory.count, block != 0, block != 0x0D else { return .silent }
        let range = address..<address + data.count
        let oneTimeProgrammable = block == 0x0E || block == 0x0F
        if topazIsLocked(block: block), !oneTimeProgrammable { return .data([echo] + Array(memory[range])) }
        let stored = erase && !oneTimeProgrammable ? data : zip(memory[range], data).map { $0 | $1 }
        memory.replaceSubrange(range, with: stored)
        return TagResponse(kind: .data([echo] + stored), pagesWritten: 1)
    }
}
