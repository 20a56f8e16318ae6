import NFCCore

/// A Type 1 tag in memory behind a `TagExchange`, answering as on the air (the address echo
/// first, unless `echoesAddress` is off as through a PN532), with scripted faults: it can
/// leave the field after a number of writes. Every command is recorded.
final class ScriptedTopaz: TagExchange {
    var memory: [UInt8]
    let headerROM: [UInt8]
    var echoesAddress = true
    /// Writes answered before the tag leaves; nil: it stays.
    var writesBeforeLeaving: Int?
    /// A RID answer instead of the real one.
    var ridAnswer: [UInt8]?
    private(set) var commands: [[UInt8]] = []
    private(set) var writes = 0
    private var left = false

    var maximumCommandLength: Int { 252 }
    var maximumAnswerLength: Int { 252 }

    init(memory: [UInt8], headerROM: [UInt8]) {
        self.memory = memory
        self.headerROM = headerROM
    }

    var uid: [UInt8] { Array(memory[0..<4]) }

    func reselect() throws(TagExchangeError) {
        if left { throw .noAnswer }
    }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        commands.append(command)
        guard !left, let code = command.first else { throw .noAnswer }
        if code == 0x78 { return ridAnswer ?? headerROM + uid }
        guard command.count >= 7, Array(command.suffix(4)) == uid else { throw .noAnswer }
        let address = Int(command[1])
        let echo: [UInt8] = echoesAddress ? [command[1]] : []
        switch code {
        case 0x00: return headerROM + Array(memory[0..<120])
        case 0x01 where address < 0x78: return echo + [memory[address]]
        case 0x10 where (address >> 4) * 128 + 128 <= memory.count:
            return echo + Array(memory[(address >> 4) * 128..<(address >> 4) * 128 + 128])
        case 0x53, 0x1A:
            guard address < 0x78 else { throw .noAnswer }
            try write([command[2]], at: address, erase: code == 0x53)
            return echo + [memory[address]]
        case 0x54, 0x1B:
            guard command.count == 14, address * 8 + 8 <= memory.count else { throw .noAnswer }
            try write(Array(command[2..<10]), at: address * 8, erase: code == 0x54)
            return echo + Array(memory[address * 8..<address * 8 + 8])
        default: throw .noAnswer
        }
    }

    private func write(_ data: [UInt8], at address: Int, erase: Bool) throws(TagExchangeError) {
        if let limit = writesBeforeLeaving, writes >= limit {
            left = true
            throw .noAnswer
        }
        writes += 1
        for (offset, byte) in data.enumerated() { memory[address + offset] = erase ? byte : memory[address + offset] | byte }
    }

    /// The write commands sent so far.
    var writeCommands: [[UInt8]] { commands.filter { [0x53, 0x1A, 0x54, 0x1B].contains($0.first) } }
}

/// Type 1 images for tests.
enum TopazImage {
    static let uid: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07]

    /// A Topaz 96: the CC `E1 10 0E 00`, then `tlvs` from byte 12.
    static func static96(cc: [UInt8] = [0xE1, 0x10, 0x0E, 0x00], tlvs: [UInt8]) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: 120)
        memory.replaceSubrange(0..<7, with: uid)
        memory.replaceSubrange(8..<12, with: cc)
        memory.replaceSubrange(12..<12 + tlvs.count, with: tlvs)
        return memory
    }

    /// A Topaz 512 formatted as shipped (Lock Control `F2 30 33`, Memory Control `F0 02 03`)
    /// with `tlvs` after the control TLVs (an empty NDEF message by default).
    static func dynamic512(cc: [UInt8] = [0xE1, 0x10, 0x3F, 0x00], controls: [UInt8] = factoryControls, tlvs: [UInt8] = [0x03, 0x00, 0xFE]) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: 512)
        memory.replaceSubrange(0..<7, with: uid)
        let data = cc + controls + tlvs
        memory.replaceSubrange(8..<8 + data.count, with: data)
        return memory
    }

    static let factoryControls: [UInt8] = [0x01, 0x03, 0xF2, 0x30, 0x33, 0x02, 0x03, 0xF0, 0x02, 0x03]
    static let staticHR: [UInt8] = [0x11, 0x48]
    static let dynamicHR: [UInt8] = [0x12, 0x4C]
}
