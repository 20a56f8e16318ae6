import TagProtocols

/// A Type 1 tag's dump: its memory from byte 0 in 8-byte blocks, as RALL (a static tag's 120
/// bytes) or RSEG (a dynamic tag's segments, as many as its CC's size declares: 512 bytes on a
/// Topaz 512, segment 0 alone when it declares no more; the size byte reaches 2048 bytes at
/// most, the largest Type 1 memory) reads it. The file is the memory in byte order.
extension Type1Tag: MemoryImageTag {
    public func readMemoryImage() throws(TagFailure) -> TagMemoryImage {
        let full: [UInt8], read: Int
        do throws(Type1Error) { (full, read) = try readImage(through: Type1Layout.maximumMemorySize) } catch { throw error.tagFailure }
        let memory = Array(full.prefix(read))
        let blocks = stride(from: 0, to: memory.count, by: 8).map { offset in
            TagMemoryImage.Block(
                area: "memory", number: offset / 8, offset: offset, bytes: Array(memory[offset..<min(memory.count, offset + 8)]),
                note: Self.note(block: offset / 8))
        }
        return TagMemoryImage(blocks: blocks, file: memory)
    }

    /// What block `block` of a Topaz holds.
    static func note(block: Int) -> String {
        switch block {
        case 0x0: "UID0-UID6, reserved"
        case 0x1: "CC (NMN VNo TMS RWA), data"
        case 0xD: "reserved"
        case 0xE: "LOCK0 LOCK1, OTP0-OTP5"
        case 0xF: "dynamic lock and reserved bytes"
        default: "data"
        }
    }
}
