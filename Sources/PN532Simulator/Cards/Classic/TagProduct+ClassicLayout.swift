/// Where things are in a MIFARE Classic's memory: sectors of 4 blocks of 16 bytes (the 4K's
/// last 8 sectors have 16), the last block of each the sector trailer.
extension TagProduct {
    /// Blocks of 16 bytes: 20 for the Mini, 64 for the 1K, 256 for the 4K; 0 for other cards.
    var classicBlockCount: Int {
        switch self {
        case .classicMini: 20
        case .classic1k: 64
        case .classic4k: 256
        default: 0
        }
    }

    /// The sector holding `block`: 4 blocks each below block 128, 16 each above.
    static func classicSector(of block: Int) -> Int {
        block < 128 ? block / 4 : 32 + (block - 128) / 16
    }

    /// The sector trailer of the sector holding `block`.
    static func classicTrailer(of block: Int) -> Int {
        block < 128 ? block | 0x03 : block | 0x0F
    }

    /// Which of the four access-condition groups covers `block`: 0–2 for data blocks (groups of
    /// 5 blocks in a 16-block sector), 3 for the trailer.
    static func classicAccessGroup(of block: Int) -> Int {
        if block == classicTrailer(of: block) { return 3 }
        return block < 128 ? block % 4 : (block % 16) / 5
    }

    /// The factory sector trailer: key A and key B `FF FF FF FF FF FF`, access bits
    /// `FF 07 80` (transport configuration) and general purpose byte `69`.
    static let classicFactoryTrailer: [UInt8] =
        [UInt8](repeating: 0xFF, count: 6) + [0xFF, 0x07, 0x80, 0x69] + [UInt8](repeating: 0xFF, count: 6)
}
