/// Arithmetic modulo a 128-bit odd modulus, on `UInt128`.
///
/// Products are reduced from 256 bits. For secp128r1's prime p = 2^128 − 2^97 − 1 the fast
/// path folds the high half with 2^128 ≡ 2^97 + 1 (mod p); other moduli (the group order n)
/// use binary long division, which is slow but only runs a few hundred times per signature.
struct ModularField: Sendable {
    /// The modulus.
    let modulus: UInt128
    private let isSecp128r1Prime: Bool

    init(modulus: UInt128) {
        self.modulus = modulus
        isSecp128r1Prime = modulus == Secp128r1.p
    }

    func add(_ a: UInt128, _ b: UInt128) -> UInt128 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow || sum >= modulus ? sum &- modulus : sum
    }

    func subtract(_ a: UInt128, _ b: UInt128) -> UInt128 {
        a >= b ? a - b : modulus - (b - a)
    }

    func multiply(_ a: UInt128, _ b: UInt128) -> UInt128 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return reduce(high: high, low: low)
    }

    /// a^(m−2) mod m: the inverse of a non-zero element (m prime).
    func inverse(_ a: UInt128) -> UInt128 {
        var result: UInt128 = 1
        var base = a % modulus
        var exponent = modulus - 2
        while exponent > 0 {
            if exponent & 1 == 1 { result = multiply(result, base) }
            base = multiply(base, base)
            exponent >>= 1
        }
        return result
    }

    /// (high · 2^128 + low) mod m.
    func reduce(high: UInt128, low: UInt128) -> UInt128 {
        if isSecp128r1Prime { return reducePrime(high: high, low: low) }
        var remainder: UInt128 = 0
        for word in [high, low] {
            for bit in stride(from: 127, through: 0, by: -1) {
                let carry = remainder >> 127
                remainder = remainder << 1 | (word >> UInt128(bit)) & 1
                if carry == 1 || remainder >= modulus { remainder = remainder &- modulus }
            }
        }
        return remainder
    }

    /// Folds the high half: h · 2^128 ≡ h · 2^97 + h (mod p), until nothing is left above 2^128.
    private func reducePrime(high: UInt128, low: UInt128) -> UInt128 {
        var (high, low) = (high, low)
        while high != 0 {
            let shiftedLow = high << 97
            let shiftedHigh = high >> 31
            var (sum, carry1) = low.addingReportingOverflow(shiftedLow)
            let (sum2, carry2) = sum.addingReportingOverflow(high)
            sum = sum2
            high = shiftedHigh + (carry1 ? 1 : 0) + (carry2 ? 1 : 0)
            low = sum
        }
        return low >= modulus ? low - modulus : low
    }
}
