/// A Topaz 512 (NFC Forum Type 1): 64 blocks of 8 bytes, the UID in block 0, the static area
/// in blocks 0–E (D reserved, E lock and OTP bytes), the dynamic area from block 10. Commands
/// arrive as on the air, each ending with UID0–UID3 (the PN532 appends them), and a command
/// for another UID, or one the card does not know, gets no answer.
extension SimulatedTag {
    /// Header ROM bytes of a Topaz 512: HR0 `12` (NDEF, dynamic memory), HR1 `4C`.
    static let topazHeaderROM: [UInt8] = [0x12, 0x4C]

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

    /// Factory content: the 7-byte `uid` in block 0, a Capability Container for 512 bytes
    /// (`E1 10 3F 00`), Lock Control and Memory Control TLVs, an empty NDEF message, clear
    /// lock bytes.
    static func topazFactoryMemory(uid: [UInt8]) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: 512)
        memory.replaceSubrange(0..<min(7, uid.count), with: uid.prefix(7))
        let data: [UInt8] = [0xE1, 0x10, 0x3F, 0x00, 0x01, 0x03, 0xF2, 0x30, 0x33, 0x02, 0x03, 0xF0, 0x02, 0x03, 0x03, 0x00, 0xFE]
        memory.replaceSubrange(8..<8 + data.count, with: data)
        return memory
    }

    /// The answer of a Topaz in the active state.
    mutating func topazAnswer(_ command: [UInt8]) -> TagResponse {
        guard let code = command.first else { return .silent }
        if code == TopazCommand.readIdentification {
            return command.count == 7 ? .data(Self.topazHeaderROM + Array(uid.prefix(4))) : .silent
        }
        let short = [TopazCommand.readAll, TopazCommand.read, TopazCommand.writeErase, TopazCommand.writeNoErase]
        guard command.count == (short.contains(code) ? 7 : 14), command.suffix(4).elementsEqual(uid.prefix(4)) else {
            return .silent
        }
        let address = Int(command[1])
        switch code {
        case TopazCommand.readAll:
            return .data(Self.topazHeaderROM + Array(memory[0..<120]))
        case TopazCommand.read where address < 120:
            return .data([command[1], memory[address]])
        case TopazCommand.writeErase, TopazCommand.writeNoErase:
            return topazWrite([command[2]], at: address, erase: code == TopazCommand.writeErase, echo: command[1])
        case TopazCommand.readSegment where address >> 4 < 4:
            let start = (address >> 4) * 128
            return .data([command[1]] + Array(memory[start..<start + 128]))
        case TopazCommand.read8 where address < 64:
            return .data([command[1]] + Array(memory[address * 8..<address * 8 + 8]))
        case TopazCommand.writeErase8, TopazCommand.writeNoErase8:
            return topazWrite(Array(command[2..<10]), at: address * 8, erase: code == TopazCommand.writeErase8, echo: command[1])
        default:
            return .silent
        }
    }

    /// Writes `data` at byte `address`, erasing first or OR-ing in; block 0 (UID) and block D
    /// (reserved) are read-only and an address past the memory is not answered.
    private mutating func topazWrite(_ data: [UInt8], at address: Int, erase: Bool, echo: UInt8) -> TagResponse {
        let block = address / 8
        guard address + data.count <= memory.count, block != 0, block != 0x0D else { return .silent }
        let stored = erase ? data : zip(memory[address..<address + data.count], data).map { $0 | $1 }
        memory.replaceSubrange(address..<address + data.count, with: stored)
        return TagResponse(kind: .data([echo] + stored), pagesWritten: 1)
    }
}
