import ForumTLV

extension Type1Tag {
    /// The static lock bytes LOCK0 and LOCK1 (blocks 0–E).
    static let staticLockBytes = [0x70, 0x71]
    /// The CC's access byte.
    static let accessAddress = 11

    /// Makes the tag read-only for good: RWA ← 0F, then every static lock bit and every lock
    /// bit the Lock Control TLVs name, all with WRITE-NE (bits can only be set). Nothing
    /// undoes this; the caller confirms first. The tag is read again to check it.
    ///
    /// - Throws: `.alreadyLocked` (nothing written), `.invalidated` (a torn write: write a
    ///   message first), `.writeRefused`, `.tornWrite`, `.verificationFailed`.
    public func lock() throws(Type1Error) {
        let (first, read, layout) = try readLayout()
        var image = first
        guard !layout.capabilityContainer.isInvalidated else { throw .invalidated }
        var bits: [Int: UInt8] = [Self.accessAddress: 0x0F]
        for address in Self.staticLockBytes { bits[address] = 0xFF }
        for area in layout.lockAreas {
            for (address, value) in zip(area.range, area.lockedValues) { bits[address, default: 0] |= value }
        }
        let end = (bits.keys.max() ?? 0) + 1
        if end > read { image = try readImage(through: end, known: Array(image.prefix(read))).image }
        let missing = bits.filter { image[$0.key] & $0.value != $0.value }
        guard !missing.isEmpty else { throw .alreadyLocked }
        var writer = Type1Writer(tag: self, image: image)
        try writer.setBits(missing.filter { $0.key == Self.accessAddress })
        try writer.setBits(missing.filter { $0.key != Self.accessAddress })
        let readBack = try readImage(through: end).image
        if let wrong = bits.keys.sorted().first(where: { $0 >= readBack.count || readBack[$0] & bits[$0, default: 0] != bits[$0] }) {
            throw .verificationFailed(address: wrong)
        }
    }
}
