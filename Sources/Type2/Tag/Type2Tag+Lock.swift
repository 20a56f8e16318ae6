extension Type2Tag {
    /// Makes the tag read-only for good, as Core NFC's `writeLock`: the CC's write access
    /// becomes `F`, the static lock bytes `FF FF`, and the dynamic lock bytes all ones. The
    /// bits are one-time programmable: nothing undoes this. Pages that already hold their
    /// locked bytes are not written again (a locked page refuses every write).
    ///
    /// - Throws: `.notFormatted` for a tag without an NDEF CC; `.alreadyLocked` when every
    ///   lock is already set (nothing is written).
    @discardableResult
    public func lock() throws(Type2Error) -> WriteResult {
        let head = try send([0x30, 0x02], step: "READ page 2", expecting: 16)
        let cc = CapabilityContainer(page: Array(head[4..<8]))
        guard cc.supportsNDEF else { throw .notFormatted(cc) }
        let dynamicLocked: Bool
        if let dynamic = product.dynamicLockPage {
            dynamicLocked = try read(pages: dynamic..<dynamic + 1).prefix(3).allSatisfy { $0 == 0xFF }
        } else {
            dynamicLocked = true
        }
        let ccLocked = cc.writeAccess == 0xF
        let staticLocked = Array(head[2..<4]) == [0xFF, 0xFF]
        guard !(ccLocked && staticLocked && dynamicLocked) else { throw .alreadyLocked }
        var written = 0
        if !ccLocked {
            try write(page: 3, Array(cc.bytes.prefix(3)) + [0x0F], step: "WRITE page 3 (CC read-only)")
            written += 1
        }
        if !staticLocked {
            try write(page: 2, [head[0], head[1], 0xFF, 0xFF], step: "WRITE page 2 (static lock bytes)")
            written += 1
        }
        if let dynamic = product.dynamicLockPage, !dynamicLocked {
            try write(page: dynamic, [0xFF, 0xFF, 0xFF, 0x00], step: "WRITE page \(dynamic) (dynamic lock bytes)")
            written += 1
        }
        return WriteResult(pagesWritten: written, pagesVerified: 0)
    }
}
