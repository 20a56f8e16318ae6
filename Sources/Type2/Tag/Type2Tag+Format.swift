import NDEF

extension Type2Tag {
    /// Formats the tag for NDEF: the product's Capability Container (when the tag has none)
    /// and an empty NDEF TLV (`03 00 FE`) at the start of the data area. With `wipe` the rest
    /// of the user memory is zeroed too.
    ///
    /// Everything is checked before the first write: the CC is one-time programmable, so a CC
    /// whose set bits the product's CC lacks is refused; a tag holding a message (or data that
    /// is not NDEF) is erased only with `erasing`. A blank tag, one with no NDEF TLV and one
    /// holding the empty message need no confirmation.
    ///
    /// - Throws: `.readOnly` when the tag is locked; `.oneTimeProgrammable(page: 3, …)` when
    ///   the CC cannot become the product's; `.wouldErase` when the tag holds a message and
    ///   `erasing` is false. Nothing is written in those cases.
    @discardableResult
    public func format(wipe: Bool = false, erasing: Bool = false) throws(Type2Error) -> WriteResult {
        let head = try send([0x30, 0x02], step: "READ page 2", expecting: 16)
        guard Array(head[2..<4]) != [0xFF, 0xFF] else { throw .readOnly }
        let existing = CapabilityContainer(page: Array(head[4..<8]))
        let formatted = CapabilityContainer(formatting: product)
        let writesCC = !existing.supportsNDEF
        if writesCC {
            guard existing.canBecome(formatted) else {
                throw .oneTimeProgrammable(page: 3, holds: existing.bytes, wanted: formatted.bytes)
            }
        } else {
            guard existing.allowsWriting else { throw .readOnly }
            if !erasing, let what = try heldData() { throw .wouldErase(what) }
        }
        var written = 0
        if writesCC {
            try write(page: 3, formatted.bytes, step: "WRITE page 3 (CC)")
            written += 1
            let back = try send([0x30, 0x03], step: "READ page 3", expecting: 16)
            guard Array(back.prefix(4)) == formatted.bytes else { throw .verificationFailed(page: 3) }
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

    /// What formatting would erase, in words, or nil when the tag holds no message (no NDEF
    /// TLV, or the empty message).
    private func heldData() throws(Type2Error) -> String? {
        let layout: NDEFLayout
        do throws(Type2Error) { layout = try readNDEFLayout(mode: .lenient) } catch {
            guard case let .invalidNDEF(problem) = error else { throw error }
            return "data that is not valid NDEF (\(problem))"
        }
        guard let bytes = layout.messageBytes, !bytes.isEmpty else { return nil }
        return "an NDEF message of \(bytes.count) bytes"
    }
}

extension CapabilityContainer {
    /// True when writing `target` to this one-time-programmable page gives `target`: every bit
    /// set here is set in `target` (a write can only set bits: new = old | written).
    public func canBecome(_ target: CapabilityContainer) -> Bool {
        bytes.count == target.bytes.count && zip(bytes, target.bytes).allSatisfy { old, new in old & ~new == 0 }
    }
}
