extension Type2Tag {
    /// Formats the tag for NDEF: the product's Capability Container (when the tag has none)
    /// and an empty NDEF TLV (`03 00 FE`) at the start of the data area. With `wipe` the rest
    /// of the user memory is zeroed too.
    ///
    /// - Throws: `.readOnly` when the tag is locked; `.verificationFailed(page: 3)` when the
    ///   CC (one-time programmable) already holds other bits.
    @discardableResult
    public func format(wipe: Bool = false) throws(Type2Error) -> WriteResult {
        let head = try send([0x30, 0x02], step: "READ page 2", expecting: 16)
        guard Array(head[2..<4]) != [0xFF, 0xFF] else { throw .readOnly }
        var written = 0
        let existing = CapabilityContainer(page: Array(head[4..<8]))
        if !existing.supportsNDEF {
            let formatted = CapabilityContainer(formatting: product)
            try write(page: 3, formatted.bytes, step: "WRITE page 3 (CC)")
            written += 1
            let back = try send([0x30, 0x03], step: "READ page 3", expecting: 16)
            guard Array(back.prefix(4)) == formatted.bytes else { throw .verificationFailed(page: 3) }
        } else if !existing.allowsWriting {
            throw .readOnly
        }
        try write(page: 4, [0x03, 0x00, 0xFE, 0x00], step: "WRITE page 4")
        written += 1
        if wipe {
            for page in 5..<product.userMemoryEnd {
                try write(page: page, [0, 0, 0, 0], step: "WRITE page \(page)")
                written += 1
            }
        }
        return WriteResult(pagesWritten: written, pagesVerified: 0)
    }
}
