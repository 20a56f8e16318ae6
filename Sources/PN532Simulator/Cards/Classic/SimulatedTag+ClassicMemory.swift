extension SimulatedTag {
    /// A MIFARE Classic as it leaves the factory with the 4-byte `uid`: block 0 holds the UID,
    /// its check byte (UID0 ⊕ … ⊕ UID3), SAK, ATQA (least significant byte first) and
    /// manufacturer data; every sector trailer is the transport configuration; data blocks are 00.
    static func classicFactoryMemory(product: TagProduct, uid: [UInt8]) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: product.classicBlockCount * 16)
        guard memory.count >= 16, uid.count == 4 else { return memory }
        let checkByte = uid[0] ^ uid[1] ^ uid[2] ^ uid[3]
        let atqa = product.atqa
        let block0 = uid + [checkByte, product.sak, atqa[1], atqa[0]] + [0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69]
        memory.replaceSubrange(0..<16, with: block0)
        for block in 0..<product.classicBlockCount where block == TagProduct.classicTrailer(of: block) {
            memory.replaceSubrange(block * 16..<block * 16 + 16, with: TagProduct.classicFactoryTrailer)
        }
        return memory
    }

    /// The 16 bytes of `block` as stored.
    func classicBlock(_ block: Int) -> [UInt8] {
        Array(memory[block * 16..<block * 16 + 16])
    }
}
