/// Arithmetic modulo an odd modulus m < 2^256, in Montgomery form: an element a is held as
/// a·R mod m with R = 2^256, so a product needs no division (CIOS, word by word).
///
/// One implementation serves every field and group order here (secp128r1, secp192r1,
/// secp224r1). Addition, subtraction and the product's final reduction select their result
/// without a branch; the inverse and the scalar loops branch on bits, which verification takes
/// only from public values (signatures, keys, UIDs), so correctness comes before constant time.
struct ModularField: Sendable {
    /// The modulus.
    let modulus: UInt256
    /// −m⁻¹ mod 2^64.
    private let negatedInverse: UInt64
    /// R² mod m, which takes a number into Montgomery form.
    private let rSquared: UInt256
    /// 1 in Montgomery form (R mod m).
    let one: UInt256

    init(modulus: UInt256) {
        precondition(modulus.w0 & 1 == 1, "a Montgomery modulus must be odd")
        self.modulus = modulus
        // Newton's iteration doubles the correct low bits; m·m ≡ 1 (mod 8) starts with 3.
        var inverse = modulus.w0
        for _ in 0..<5 { inverse = inverse &* (2 &- modulus.w0 &* inverse) }
        negatedInverse = 0 &- inverse
        var power = UInt256.one
        var rModulus = UInt256.zero
        for doubling in 1...512 {
            power = Self.add(power, power, modulus: modulus)
            if doubling == 256 { rModulus = power }
        }
        one = rModulus
        rSquared = power
    }

    /// a (< m) in Montgomery form.
    func montgomery(_ a: UInt256) -> UInt256 {
        multiply(a, rSquared)
    }

    /// a back out of Montgomery form.
    func plain(_ a: UInt256) -> UInt256 {
        multiply(a, .one)
    }

    func add(_ a: UInt256, _ b: UInt256) -> UInt256 {
        Self.add(a, b, modulus: modulus)
    }

    func subtract(_ a: UInt256, _ b: UInt256) -> UInt256 {
        let (difference, borrow) = a.subtractingWithBorrow(b)
        return UInt256.select(0 &- borrow, difference.addingWithCarry(modulus).sum, difference)
    }

    /// a·b·R⁻¹ mod m: the product of two Montgomery-form elements, in Montgomery form. With
    /// one factor plain, the result is the plain product.
    func multiply(_ a: UInt256, _ b: UInt256) -> UInt256 {
        let m = modulus
        var t0: UInt64 = 0, t1: UInt64 = 0, t2: UInt64 = 0, t3: UInt64 = 0, t4: UInt64 = 0
        for index in 0..<4 {
            let factor = b.word(index)
            var carry: UInt64
            (carry, t0) = a.w0.multipliedAdding(factor, t0, 0)
            (carry, t1) = a.w1.multipliedAdding(factor, t1, carry)
            (carry, t2) = a.w2.multipliedAdding(factor, t2, carry)
            (carry, t3) = a.w3.multipliedAdding(factor, t3, carry)
            let (top, topOverflow) = t4.addingReportingOverflow(carry)
            // Add q·m with q chosen so the lowest word becomes 0, then shift down one word.
            let q = t0 &* negatedInverse
            (carry, _) = q.multipliedAdding(m.w0, t0, 0)
            (carry, t0) = q.multipliedAdding(m.w1, t1, carry)
            (carry, t1) = q.multipliedAdding(m.w2, t2, carry)
            (carry, t2) = q.multipliedAdding(m.w3, t3, carry)
            let (shiftedTop, shiftedOverflow) = top.addingReportingOverflow(carry)
            t3 = shiftedTop
            t4 = (topOverflow ? 1 : 0) &+ (shiftedOverflow ? 1 : 0)
        }
        return Self.reduceOnce(UInt256(t0, t1, t2, t3), carry: t4, modulus: m)
    }

    /// a^(m−2): the inverse of a non-zero Montgomery-form element (m prime), in Montgomery form.
    func inverse(_ a: UInt256) -> UInt256 {
        let exponent = modulus.subtractingWithBorrow(UInt256(2, 0, 0, 0)).difference
        var result = one
        for bit in stride(from: exponent.bitWidth - 1, through: 0, by: -1) {
            result = multiply(result, result)
            if exponent.bit(bit) == 1 { result = multiply(result, a) }
        }
        return result
    }

    /// (a + b) mod m for a, b < m.
    private static func add(_ a: UInt256, _ b: UInt256, modulus: UInt256) -> UInt256 {
        let (sum, carry) = a.addingWithCarry(b)
        return reduceOnce(sum, carry: carry, modulus: modulus)
    }

    /// carry · 2^256 + value − m when that is not negative, else value (for a value below 2m),
    /// without a branch.
    private static func reduceOnce(_ value: UInt256, carry: UInt64, modulus: UInt256) -> UInt256 {
        let (reduced, borrow) = value.subtractingWithBorrow(modulus)
        // Keep the reduced value unless the subtraction borrowed past the carry word.
        let keepValue = borrow & (carry ^ 1)
        return UInt256.select(0 &- keepValue, value, reduced)
    }
}
