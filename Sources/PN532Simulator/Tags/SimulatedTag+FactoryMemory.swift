extension SimulatedTag {
    /// The page image a product leaves the factory with, for a 7-byte `uid`.
    ///
    /// Pages 0–2: UID with its check bytes, the internal byte `48` and clear static lock
    /// bytes; page 3: the Capability Container; page 4 on: the product's factory data; then
    /// the dynamic lock page (`00 00 00 BD`), CFG0, CFG1, PWD `FF FF FF FF` and PACK `00 00`
    /// (Ultralight AES: no PWD, and its AES keys all zero).
    static func factoryMemory(product: TagProduct, uid: [UInt8]) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: product.mfdSize)
        let checkByte0 = 0x88 ^ uid[0] ^ uid[1] ^ uid[2]
        let checkByte1 = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
        memory.replaceSubrange(0..<12, with: [
            uid[0], uid[1], uid[2], checkByte0,
            uid[3], uid[4], uid[5], uid[6],
            checkByte1, 0x48, 0x00, 0x00,
        ])
        memory.replaceSubrange(12..<16, with: product.capabilityContainer)
        memory.replaceSubrange(16..<16 + product.factoryData.count, with: product.factoryData)
        if let page = product.dynamicLockPage {
            memory.replaceSubrange(page * 4..<page * 4 + 4, with: product.factoryDynamicLockPage)
        }
        if let page = product.configurationPage {
            memory.replaceSubrange(page * 4..<page * 4 + 4, with: product.factoryConfiguration0)
            memory.replaceSubrange(page * 4 + 4..<page * 4 + 8, with: product.factoryConfiguration1)
            if product.supportsPassword { memory.replaceSubrange(page * 4 + 8..<page * 4 + 12, with: [0xFF, 0xFF, 0xFF, 0xFF]) }
        }
        return memory
    }
}
