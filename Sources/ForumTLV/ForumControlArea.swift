/// An area a Lock Control or Memory Control TLV names: its bytes hold lock bits or are
/// reserved, and NDEF data skips them.
public struct ForumControlArea: Hashable, Sendable {
    /// Which TLV named the area.
    public enum Kind: Hashable, Sendable {
        /// Lock Control: `bitCount` lock bits, each locking `bytesPerBit` bytes.
        case lock(bitCount: Int, bytesPerBit: Int)
        /// Memory Control: reserved bytes.
        case reserved
    }

    /// The area's byte addresses in the tag's memory.
    public var range: Range<Int>
    /// What the area holds.
    public var kind: Kind

    /// Decodes a control TLV's 3-byte value: byte 0 = page (high nibble) and byte offset (low),
    /// byte 1 = lock bits or reserved bytes (0 = 256), byte 2 = bytes locked per bit as a
    /// power of two (high nibble, lock only) and the page size as a power of two (low nibble).
    /// Returns nil when the value is not 3 bytes.
    public init?(value: [UInt8], isLock: Bool) {
        guard value.count == 3 else { return nil }
        let pageSize = 1 << Int(value[2] & 0x0F)
        let start = Int(value[0] >> 4) * pageSize + Int(value[0] & 0x0F)
        let count = value[1] == 0 ? 256 : Int(value[1])
        if isLock {
            kind = .lock(bitCount: count, bytesPerBit: 1 << Int(value[2] >> 4))
            range = start..<start + (count + 7) / 8
        } else {
            kind = .reserved
            range = start..<start + count
        }
    }

    /// The lock bytes' values that set every lock bit of a lock area, in order; empty for a
    /// reserved area.
    public var lockedValues: [UInt8] {
        guard case let .lock(bitCount, _) = kind else { return [] }
        return (0..<range.count).map { index in
            let bits = min(8, bitCount - index * 8)
            return bits >= 8 ? 0xFF : UInt8((1 << bits) - 1)
        }
    }
}
