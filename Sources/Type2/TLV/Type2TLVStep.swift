import NDEF

/// One step of a walk over a Type 2 data area of which only the first bytes may be read yet.
public enum Type2TLVStep: Hashable, Sendable {
    /// The TLV that starts at the position; the next one starts at its value's end. Its
    /// value lies inside the area, but may lie past the bytes read so far.
    case block(Type2TLV)
    /// The position is the area's end: there are no more TLVs.
    case end
    /// The TLV's header goes on past the bytes read so far: read the area up to `end` at
    /// least (`end` never passes the area's end), then take the step again.
    case needs(end: Int)
}

extension Type2DataArea {
    /// The TLV at `position` of a data area of `areaSize` bytes of which `known` holds the
    /// first ones (bytes past `areaSize` are ignored).
    ///
    /// A header or a value that runs past the area's end is an error in both modes: the area
    /// is the one the Capability Container declares, and nothing outside it is NDEF data.
    /// Undefined tags are an error in strict mode and have a length in lenient mode.
    ///
    /// - Throws: `.truncated(.tlvLength…)`, `.truncated(.tlvValue…)`, `.invalidTLVLength`,
    ///   `.unknownTLV` (strict mode).
    public static func step(
        in known: [UInt8], areaSize: Int, at position: Int, mode: DecodingMode
    ) throws(NDEFError) -> Type2TLVStep {
        let known = known.prefix(max(0, areaSize))
        guard position >= 0, position < areaSize else { return .end }
        guard position < known.count else { return .needs(end: position + 1) }
        let tag = Type2TLV.Tag(known[position])
        switch tag {
        case .null, .terminator:
            return .block(Type2TLV(tag: tag, offset: position, value: position + 1..<position + 1))
        case .undefined(let byte) where mode == .strict:
            throw NDEFError(offset: position, reason: .unknownTLV(byte))
        default:
            break
        }
        let lengthAt = position + 1
        guard lengthAt < areaSize else {
            throw NDEFError(offset: lengthAt, reason: .truncated(.tlvLength, needed: 1, available: 0))
        }
        guard lengthAt < known.count else { return .needs(end: lengthAt + 1) }
        var valueAt = lengthAt + 1
        var length = Int(known[lengthAt])
        if length == 0xFF {
            guard areaSize - lengthAt >= 3 else {
                throw NDEFError(offset: lengthAt, reason: .truncated(.tlvLength, needed: 3, available: areaSize - lengthAt))
            }
            guard known.count - lengthAt >= 3 else { return .needs(end: lengthAt + 3) }
            length = Int(known[lengthAt + 1]) << 8 | Int(known[lengthAt + 2])
            if length == 0xFFFF || (length < 0xFF && mode == .strict) {
                throw NDEFError(offset: lengthAt, reason: .invalidTLVLength(length))
            }
            valueAt = lengthAt + 3
        }
        guard length <= areaSize - valueAt else {
            throw NDEFError(offset: valueAt, reason: .truncated(.tlvValue, needed: length, available: areaSize - valueAt))
        }
        return .block(Type2TLV(tag: tag, offset: position, value: valueAt..<valueAt + length))
    }
}
