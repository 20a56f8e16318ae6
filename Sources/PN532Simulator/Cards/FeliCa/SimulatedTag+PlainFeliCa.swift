/// A plain FeliCa card that answers only the NFC Forum system code 12FC, formatted for NDEF:
/// an attribute block and 64 NDEF blocks (1 KB) in ``memory``, all read and written through
/// services 000B and 0009.
extension SimulatedTag {
    /// PMm of the plain card (IC code `01`, not a Lite or Lite-S).
    static let plainFeliCaPMm: [UInt8] = [0x01, 0x01, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00]
    /// Blocks per Read Without Encryption the plain card takes, and its Nbr.
    static let plainFeliCaReadLimit = 12
    /// Blocks per Write Without Encryption the plain card takes, and its Nbw.
    static let plainFeliCaWriteLimit = 8
    /// The plain card's NDEF blocks (Nmaxb).
    static let plainFeliCaNDEFBlocks = 64

    /// The attribute block (Nbr 12, Nbw 8, Nmaxb 64) and the factory message.
    static func plainFeliCaFactoryMemory() -> [UInt8] {
        ndefArea(
            blocks: 1 + plainFeliCaNDEFBlocks, nbr: UInt8(plainFeliCaReadLimit), nbw: UInt8(plainFeliCaWriteLimit),
            nmaxb: plainFeliCaNDEFBlocks, message: liteSFactoryMessage)
    }

    /// The factory memory of the FeliCa `product`.
    static func feliCaFactoryMemory(_ product: TagProduct) -> [UInt8] {
        product == .felicaLiteS ? liteSFactoryMemory() : plainFeliCaFactoryMemory()
    }

    /// The card's PMm.
    var feliCaPMm: [UInt8] { product == .felicaLiteS ? Self.liteSPMm : Self.plainFeliCaPMm }

    /// The system codes the card answers: the Lite-S its own 88B4 and 12FC, the plain card 12FC.
    var feliCaSystemCodes: [[UInt8]] {
        product == .felicaLiteS ? [Self.liteSSystemCode, Self.nfcForumSystemCode] : [Self.nfcForumSystemCode]
    }

    /// The most blocks one Read (`writing` false) or Write Without Encryption takes.
    func feliCaBlockLimit(writing: Bool) -> Int {
        switch (product == .felicaLiteS, writing) {
        case (true, false): 4
        case (true, true): 1
        case (false, false): Self.plainFeliCaReadLimit
        case (false, true): Self.plainFeliCaWriteLimit
        }
    }

    /// Block `number`, or nil for one the card does not have.
    func feliCaBlock(_ number: Int) -> [UInt8]? {
        if product == .felicaLiteS { return liteSBlock(number) }
        guard number >= 0, memory.count >= number * 16 + 16 else { return nil }
        return Array(memory[number * 16..<number * 16 + 16])
    }

    /// Writes `data` (16 bytes) to block `number`; false when the block cannot be written.
    mutating func feliCaStore(_ number: Int, _ data: [UInt8]) -> Bool {
        if product == .felicaLiteS { return liteSStore(number, data) }
        guard number >= 0, memory.count >= number * 16 + 16 else { return false }
        memory.replaceSubrange(number * 16..<number * 16 + 16, with: data)
        return true
    }
}
