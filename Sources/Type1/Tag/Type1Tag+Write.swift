import NDEF

extension Type1Tag {
    /// Writes `message` as the tag's NDEF message, tear-safe: NMN ← 00 (the message is
    /// invalid from here), the message and a Terminator TLV, then the NDEF TLV's type and
    /// length, then NMN ← E1. With `verify` the tag is read again and every byte written
    /// compared. A tag that leaves part way keeps NMN 00: readers see no message, not half
    /// of one.
    ///
    /// - Throws: `.readOnly` and `.messageTooLong` (nothing written), `.writeRefused`,
    ///   `.tornWrite`, `.verificationFailed`, and the layout's errors.
    public func writeNDEF(_ message: NDEFMessage, verify: Bool = true) throws(Type1Error) {
        let (first, read, layout) = try readLayout()
        var image = first
        guard layout.capabilityContainer.isWritable else { throw .readOnly }
        let bytes = message.encoded()
        let tlv = try layout.ndefTLV(for: bytes)
        let headerLength = bytes.count < 0xFF ? 2 : 4
        let addresses = Array(layout.dataAddresses.dropFirst(layout.ndefTLVIndex).prefix(tlv.count))
        let placed = Dictionary(uniqueKeysWithValues: zip(addresses, tlv))
        let header = Set(addresses.prefix(headerLength))
        let nmn = Type1CapabilityContainer.offset
        let end = (addresses.last ?? nmn) + 1
        if end > read { image = try readImage(through: end, known: Array(image.prefix(read))).image }

        var writer = Type1Writer(tag: self, image: image)
        try writer.write([nmn: Type1CapabilityContainer.invalidatedMagic])
        try writer.write(placed.filter { !header.contains($0.key) })
        try writer.write(placed.filter { header.contains($0.key) })
        try writer.write([nmn: Type1CapabilityContainer.ndefMagic])
        guard verify else { return }
        let readBack = try readImage(through: end).image
        var expected = placed
        expected[nmn] = Type1CapabilityContainer.ndefMagic
        if let wrong = expected.keys.sorted().first(where: { $0 >= readBack.count || readBack[$0] != expected[$0] }) {
            throw .verificationFailed(address: wrong)
        }
    }
}
