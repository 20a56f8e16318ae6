import Type2

/// True for the data areas of issue 11's crafted tags, which the layout reader still gets wrong
/// (helper h1 fixes them; remove this once that is merged): a TLV whose tag or length bytes
/// run past the end of the area (a trap), or an NDEF TLV whose value does (lenient `readNDEF`
/// returns the part that fits).
public func hitsKnownLayoutBug(memory: [UInt8], product: Type2Product) -> Bool {
    let cc = CapabilityContainer(page: Array(memory[12..<16]))
    let areaSize = min(cc.dataAreaSize, (product.userMemoryEnd - 4) * 4, memory.count - 16)
    guard cc.supportsNDEF, areaSize > 0 else { return false }
    let area = Array(memory[16..<16 + areaSize])
    var position = 0
    while position < area.count {
        let tag = area[position]
        if tag == 0x00 { position += 1; continue }
        if tag == 0xFE { return false }
        guard position + 1 < area.count else { return true }
        var length = Int(area[position + 1])
        var header = 2
        if length == 0xFF {
            guard position + 3 < area.count else { return true }
            length = Int(area[position + 2]) << 8 | Int(area[position + 3])
            header = 4
        }
        if tag == 0x03 { return position + header + length > area.count }
        position += header + length
    }
    return false
}
