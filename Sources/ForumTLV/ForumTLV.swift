import NDEF

/// What NFC Forum Type 1 and Type 2 tags share in their TLV areas: the NDEF Message TLV, the
/// capacity its header leaves, and the areas Lock and Memory Control TLVs name.
public enum ForumTLV {
    /// An NDEF Message TLV holding `message`: `03`, a 1-byte length (under 255) or `FF` and a
    /// 2-byte length, the message, then a Terminator TLV when `terminator` is true.
    ///
    /// - Throws: `.messageTooLongForTLV` past 65534 bytes.
    public static func ndefTLV(for message: [UInt8], terminator: Bool = true) throws(NDEFError) -> [UInt8] {
        guard message.count <= 0xFFFE else {
            throw NDEFError(offset: 0, reason: .messageTooLongForTLV(message.count))
        }
        var out: [UInt8] = [0x03]
        if message.count < 0xFF {
            out.append(UInt8(message.count))
        } else {
            out += [0xFF, UInt8(message.count >> 8), UInt8(message.count & 0xFF)]
        }
        out += message
        if terminator { out.append(0xFE) }
        return out
    }

    /// The largest message an NDEF TLV can hold in `size` bytes of data area.
    ///
    /// Short messages need a 2-byte TLV header, messages of 255 bytes or more a 4-byte one;
    /// the Terminator TLV is written only when there is room for it. NTAG215's 496-byte data
    /// area gives 492.
    public static func capacity(ofDataArea size: Int) -> Int {
        if size - 2 <= 0xFE { return max(0, size - 2) }
        return min(0xFFFE, max(0xFE, size - 4))
    }
}
