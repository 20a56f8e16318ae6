/// A FeliCa Lite-S formatted for NDEF: S_PAD0–S_PAD13 and REG (blocks 00–0E) in ``memory``,
/// the ID, D_ID, SYS_C and MC blocks made from the IDm and fixed values.
extension SimulatedTag {
    /// PMm of a FeliCa Lite-S (IC code `F1`).
    static let liteSPMm: [UInt8] = [0x00, 0xF1, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00]
    /// The NFC Forum system code, which the card answers while MC's SYS_OP is 01.
    static let nfcForumSystemCode: [UInt8] = [0x12, 0xFC]
    /// The Lite-S's own system code.
    static let liteSSystemCode: [UInt8] = [0x88, 0xB4]
    /// The NDEF message the card leaves the factory with: one URI record, https://github.com/pn532ctl.
    static let liteSFactoryMessage: [UInt8] =
        [0xD1, 0x01, 0x14, 0x55, 0x04] + Array("github.com/pn532ctl".utf8)

    /// Blocks 00–0E: the attribute information block (version 1.0, 4 blocks per CHECK, 1 per
    /// UPDATE, 13 NDEF blocks, read/write, the message length, the checksum), then the message.
    static func liteSFactoryMemory() -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: 15 * 16)
        let length = liteSFactoryMessage.count
        var attribute: [UInt8] = [0x10, 0x04, 0x01, 0x00, 0x0D, 0, 0, 0, 0, 0x00, 0x01, 0x00, 0x00, UInt8(length)]
        let sum = attribute.reduce(0) { $0 + Int($1) }
        attribute += [UInt8(sum >> 8), UInt8(sum & 0xFF)]
        memory.replaceSubrange(0..<16, with: attribute)
        memory.replaceSubrange(16..<16 + length, with: liteSFactoryMessage)
        return memory
    }

    /// The 16 bytes of a Lite-S block, or nil for a block the card does not have (or that
    /// cannot be read without MAC, such as the keys).
    func liteSBlock(_ number: Int) -> [UInt8]? {
        let zeros = [UInt8](repeating: 0, count: 16)
        switch number {
        case 0x00...0x0E: return Array(memory[number * 16..<number * 16 + 16])
        case 0x82: return Array((identifier + [0x00, 0x00] + zeros).prefix(16))
        case 0x83: return identifier + Self.liteSPMm
        case 0x85: return Array((Self.liteSSystemCode + zeros).prefix(16))
        case 0x88: return [0xFF, 0xFF, 0xFF, 0x01, 0x07, 0x00, 0x00, 0x00] + [UInt8](repeating: 0, count: 8)
        default: return nil
        }
    }
}
