/// An unsigned 256-bit integer as four 64-bit words, least significant first: wide enough for
/// every coordinate and scalar of the curves here (at most 224 bits).
struct UInt256: Hashable, Sendable, Comparable {
    var w0: UInt64
    var w1: UInt64
    var w2: UInt64
    var w3: UInt64

    static let zero = UInt256(0, 0, 0, 0)
    static let one = UInt256(1, 0, 0, 0)

    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        self.w0 = w0
        self.w1 = w1
        self.w2 = w2
        self.w3 = w3
    }

    /// A big-endian integer of at most 32 bytes; nil when longer.
    init?<Bytes: Collection<UInt8>>(bigEndian bytes: Bytes) {
        guard bytes.count <= 32 else { return nil }
        var words: [UInt64] = [0, 0, 0, 0]
        for (index, byte) in bytes.reversed().enumerated() {
            words[index / 8] |= UInt64(byte) << UInt64(8 * (index % 8))
        }
        self.init(words[0], words[1], words[2], words[3])
    }

    /// The integer written as `count` big-endian bytes (its low `count` bytes; `count` ≤ 32).
    func bigEndianBytes(count: Int) -> [UInt8] {
        (0..<count).reversed().map { index in UInt8(truncatingIfNeeded: word(index / 8) >> UInt64(8 * (index % 8))) }
    }

    /// Word `index` (0 = least significant, up to 3).
    func word(_ index: Int) -> UInt64 {
        switch index {
        case 0: w0
        case 1: w1
        case 2: w2
        default: w3
        }
    }

    var isZero: Bool { w0 | w1 | w2 | w3 == 0 }

    /// The number of significant bits (0 for zero).
    var bitWidth: Int {
        if w3 != 0 { return 256 - w3.leadingZeroBitCount }
        if w2 != 0 { return 192 - w2.leadingZeroBitCount }
        if w1 != 0 { return 128 - w1.leadingZeroBitCount }
        return 64 - w0.leadingZeroBitCount
    }

    /// Bit `index` (0 = least significant), 0 or 1.
    func bit(_ index: Int) -> UInt64 {
        word(index / 64) >> UInt64(index % 64) & 1
    }

    static func < (lhs: UInt256, rhs: UInt256) -> Bool {
        if lhs.w3 != rhs.w3 { return lhs.w3 < rhs.w3 }
        if lhs.w2 != rhs.w2 { return lhs.w2 < rhs.w2 }
        if lhs.w1 != rhs.w1 { return lhs.w1 < rhs.w1 }
        return lhs.w0 < rhs.w0
    }

    /// The sum modulo 2^256 and the carry out (0 or 1).
    func addingWithCarry(_ other: UInt256) -> (sum: UInt256, carry: UInt64) {
        let (s0, c0) = w0.addingWithCarry(other.w0, 0)
        let (s1, c1) = w1.addingWithCarry(other.w1, c0)
        let (s2, c2) = w2.addingWithCarry(other.w2, c1)
        let (s3, c3) = w3.addingWithCarry(other.w3, c2)
        return (UInt256(s0, s1, s2, s3), c3)
    }

    /// The difference modulo 2^256 and the borrow out (0 or 1).
    func subtractingWithBorrow(_ other: UInt256) -> (difference: UInt256, borrow: UInt64) {
        let (d0, b0) = w0.subtractingWithBorrow(other.w0, 0)
        let (d1, b1) = w1.subtractingWithBorrow(other.w1, b0)
        let (d2, b2) = w2.subtractingWithBorrow(other.w2, b1)
        let (d3, b3) = w3.subtractingWithBorrow(other.w3, b2)
        return (UInt256(d0, d1, d2, d3), b3)
    }

    /// `a` where `mask` is all ones, `b` where it is zero, without a branch.
    static func select(_ mask: UInt64, _ a: UInt256, _ b: UInt256) -> UInt256 {
        UInt256(
            b.w0 ^ (mask & (a.w0 ^ b.w0)), b.w1 ^ (mask & (a.w1 ^ b.w1)),
            b.w2 ^ (mask & (a.w2 ^ b.w2)), b.w3 ^ (mask & (a.w3 ^ b.w3)))
    }
}

extension UInt64 {
    /// self + other + carry (0 or 1), and the carry out (0 or 1).
    @inline(__always)
    func addingWithCarry(_ other: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
        let (sum, overflow1) = addingReportingOverflow(other)
        let (total, overflow2) = sum.addingReportingOverflow(carry)
        return (total, (overflow1 ? 1 : 0) | (overflow2 ? 1 : 0))
    }

    /// self − other − borrow (0 or 1), and the borrow out (0 or 1).
    @inline(__always)
    func subtractingWithBorrow(_ other: UInt64, _ borrow: UInt64) -> (UInt64, UInt64) {
        let (difference, overflow1) = subtractingReportingOverflow(other)
        let (total, overflow2) = difference.subtractingReportingOverflow(borrow)
        return (total, (overflow1 ? 1 : 0) | (overflow2 ? 1 : 0))
    }

    /// self · factor + addend + carry as (high, low); it never overflows 128 bits.
    @inline(__always)
    func multipliedAdding(_ factor: UInt64, _ addend: UInt64, _ carry: UInt64) -> (high: UInt64, low: UInt64) {
        let (high, low) = multipliedFullWidth(by: factor)
        let (sum, overflow1) = low.addingReportingOverflow(addend)
        let (total, overflow2) = sum.addingReportingOverflow(carry)
        return (high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0), total)
    }
}
