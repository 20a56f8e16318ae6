/// A FeliCa Lite-S formatted for NDEF: S_PAD0–S_PAD13, REG and MC (blocks 00–0E, then 88 as
/// written, then the MC in effect since the last reset) in ``memory``, the ID, D_ID and SYS_C
/// blocks made from the IDm and fixed values.
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
    /// Where MC (block 88) as written is kept in ``memory``: after S_PAD0–13 and REG.
    static let liteSConfigurationOffset = 15 * 16
    /// Where the MC in effect is kept: the one written before the card's last reset.
    static let liteSEffectiveConfigurationOffset = 16 * 16
    /// MC as formatted for NDEF: every S_PAD, REG and MC writable (`FF FF`), system blocks
    /// writable (MC_ALL `FF`), NDEF on (SYS_OP `01`), RF_PRM `07`, no MAC or authentication.
    static let liteSFactoryConfiguration: [UInt8] = [0xFF, 0xFF, 0xFF, 0x01, 0x07] + [UInt8](repeating: 0, count: 11)

    /// Blocks 00–0E, the attribute information block (version 1.0, 4 blocks per CHECK, 1 per
    /// UPDATE, 13 NDEF blocks, read/write, the message length, the checksum), then the
    /// message; then MC, written and in effect.
    static func liteSFactoryMemory() -> [UInt8] {
        ndefArea(blocks: 15, nbr: 4, nbw: 1, nmaxb: 13, message: liteSFactoryMessage) + liteSFactoryConfiguration + liteSFactoryConfiguration
    }

    /// `blocks` blocks: an attribute information block (mapping 1.0, read/write, WriteFlag 00)
    /// with `nbr`, `nbw`, `nmaxb`, the length of `message` and the checksum, then `message`,
    /// then zeros.
    static func ndefArea(blocks: Int, nbr: UInt8, nbw: UInt8, nmaxb: Int, message: [UInt8]) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: blocks * 16)
        let length = message.count
        var attribute: [UInt8] = [
            0x10, nbr, nbw, UInt8(nmaxb >> 8), UInt8(nmaxb & 0xFF), 0, 0, 0, 0, 0x00, 0x01,
            UInt8(length >> 16), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF),
        ]
        let sum = attribute.reduce(0) { $0 + Int($1) }
        attribute += [UInt8(sum >> 8), UInt8(sum & 0xFF)]
        memory.replaceSubrange(0..<16, with: attribute)
        memory.replaceSubrange(16..<16 + length, with: message)
        return memory
    }

    /// MC as last written (what block 88 reads).
    var liteSConfiguration: [UInt8] { liteSConfiguration(at: Self.liteSConfigurationOffset) }

    /// MC in effect: as written before the last reset.
    var liteSEffectiveConfiguration: [UInt8] { liteSConfiguration(at: Self.liteSEffectiveConfigurationOffset) }

    private func liteSConfiguration(at offset: Int) -> [UInt8] {
        memory.count >= offset + 16 ? Array(memory[offset..<offset + 16]) : Self.liteSFactoryConfiguration
    }

    /// The card resets (loses power): the MC written last takes effect.
    mutating func applyLiteSConfiguration() {
        guard product == .felicaLiteS else { return }
        let offset = Self.liteSEffectiveConfigurationOffset
        if memory.count < offset + 16 { memory += [UInt8](repeating: 0, count: offset + 16 - memory.count) }
        memory.replaceSubrange(offset..<offset + 16, with: liteSConfiguration)
    }

    /// The 16 bytes of a Lite-S block, or nil for a block the card does not have (or that
    /// cannot be read without MAC, such as the keys).
    func liteSBlock(_ number: Int) -> [UInt8]? {
        let zeros = [UInt8](repeating: 0, count: 16)
        switch number {
        case 0x00...0x0E: return memory.count >= number * 16 + 16 ? Array(memory[number * 16..<number * 16 + 16]) : nil
        case 0x82: return Array((identifier + [0x00, 0x00] + zeros).prefix(16))
        case 0x83: return identifier + Self.liteSPMm
        case 0x85: return Array((Self.liteSSystemCode + zeros).prefix(16))
        case 0x88: return liteSConfiguration
        default: return nil
        }
    }

    /// Writes `data` to Lite-S block `number`: an S_PAD while its MC_SP_REG_ALL_RW bit is
    /// set in the MC in effect, or MC by its rules (bytes 0–1 only cleared and only while
    /// bit 15 is set; bytes 6–12 only set; bytes 2–5 only while MC_ALL is FF, MC_ALL only FF
    /// or 00; 13–15 RFU), which takes effect at the card's next reset. Returns false when the
    /// block cannot be written.
    mutating func liteSStore(_ number: Int, _ data: [UInt8]) -> Bool {
        let effective = liteSEffectiveConfiguration
        let configuration = liteSConfiguration
        let writableBits = Int(configuration[0]) | Int(configuration[1]) << 8
        switch number {
        case 0x00...0x0D:
            guard (Int(effective[0]) | Int(effective[1]) << 8) & (1 << number) != 0 else { return false }
            memory.replaceSubrange(number * 16..<number * 16 + 16, with: data)
            return true
        case 0x88:
            var updated = configuration
            if writableBits & 0x8000 != 0 {
                updated[0] &= data[0]
                updated[1] &= data[1]
            }
            if configuration[2] == 0xFF {
                guard data[2] == 0xFF || data[2] == 0x00 else { return false }
                updated.replaceSubrange(2..<6, with: data[2..<6])
            }
            for index in 6...12 { updated[index] |= data[index] }
            let offset = Self.liteSConfigurationOffset
            if memory.count < offset + 16 { memory += [UInt8](repeating: 0, count: offset + 16 - memory.count) }
            memory.replaceSubrange(offset..<offset + 16, with: updated)
            return true
        default:
            return false
        }
    }
}
