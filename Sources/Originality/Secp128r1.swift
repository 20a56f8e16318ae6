/// The curve secp128r1 (SEC 2 v1.0 §2.3.1): y² = x³ + ax + b over GF(p), base point G of
/// prime order n, cofactor 1. NXP signs NTAG21x UIDs on it.
enum Secp128r1 {
    static let p: UInt128 = 0xFFFFFFFD_FFFFFFFF_FFFFFFFF_FFFFFFFF
    static let a: UInt128 = 0xFFFFFFFD_FFFFFFFF_FFFFFFFF_FFFFFFFC
    static let b: UInt128 = 0xE87579C1_1079F43D_D824993C_2CEE5ED3
    static let gx: UInt128 = 0x161FF752_8B899B2D_0C28607C_A52C5B86
    static let gy: UInt128 = 0xCF5AC839_5BAFEB13_C02DA292_DDED7A83
    static let n: UInt128 = 0xFFFFFFFE_00000000_75A30D1B_9038A115

    static let field = ModularField(modulus: p)
    static let order = ModularField(modulus: n)

    /// True when (x, y) satisfies the curve equation.
    static func contains(x: UInt128, y: UInt128) -> Bool {
        guard x < p, y < p else { return false }
        let left = field.multiply(y, y)
        let right = field.add(field.add(field.multiply(field.multiply(x, x), x), field.multiply(a, x)), b)
        return left == right
    }
}

/// A point in Jacobian coordinates (X, Y, Z) standing for (X/Z², Y/Z³); Z = 0 is infinity.
struct JacobianPoint: Sendable {
    var x: UInt128
    var y: UInt128
    var z: UInt128

    static let infinity = JacobianPoint(x: 1, y: 1, z: 0)

    init(x: UInt128, y: UInt128, z: UInt128) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(affineX: UInt128, affineY: UInt128) {
        self.init(x: affineX, y: affineY, z: 1)
    }

    var isInfinity: Bool { z == 0 }

    /// The affine x coordinate; nil at infinity.
    var affineX: UInt128? {
        guard !isInfinity else { return nil }
        let f = Secp128r1.field
        let inverse = f.inverse(z)
        return f.multiply(x, f.multiply(inverse, inverse))
    }

    func doubled() -> JacobianPoint {
        let f = Secp128r1.field
        guard !isInfinity, y != 0 else { return .infinity }
        let yy = f.multiply(y, y)
        let s = f.multiply(4, f.multiply(x, yy))
        let zz = f.multiply(z, z)
        let m = f.add(f.multiply(3, f.multiply(x, x)), f.multiply(Secp128r1.a, f.multiply(zz, zz)))
        let x3 = f.subtract(f.multiply(m, m), f.add(s, s))
        let y3 = f.subtract(f.multiply(m, f.subtract(s, x3)), f.multiply(8, f.multiply(yy, yy)))
        let z3 = f.multiply(2, f.multiply(y, z))
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    func adding(_ other: JacobianPoint) -> JacobianPoint {
        if isInfinity { return other }
        if other.isInfinity { return self }
        let f = Secp128r1.field
        let z1z1 = f.multiply(z, z)
        let z2z2 = f.multiply(other.z, other.z)
        let u1 = f.multiply(x, z2z2)
        let u2 = f.multiply(other.x, z1z1)
        let s1 = f.multiply(y, f.multiply(other.z, z2z2))
        let s2 = f.multiply(other.y, f.multiply(z, z1z1))
        if u1 == u2 { return s1 == s2 ? doubled() : .infinity }
        let h = f.subtract(u2, u1)
        let r = f.subtract(s2, s1)
        let hh = f.multiply(h, h)
        let hhh = f.multiply(h, hh)
        let v = f.multiply(u1, hh)
        let x3 = f.subtract(f.subtract(f.multiply(r, r), hhh), f.add(v, v))
        let y3 = f.subtract(f.multiply(r, f.subtract(v, x3)), f.multiply(s1, hhh))
        let z3 = f.multiply(h, f.multiply(z, other.z))
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// u1·P + u2·Q by one pass over the bits (Shamir's trick).
    static func combination(_ u1: UInt128, _ p: JacobianPoint, _ u2: UInt128, _ q: JacobianPoint) -> JacobianPoint {
        let both = p.adding(q)
        var result = JacobianPoint.infinity
        for bit in stride(from: 127, through: 0, by: -1) {
            result = result.doubled()
            switch ((u1 >> UInt128(bit)) & 1, (u2 >> UInt128(bit)) & 1) {
            case (1, 1): result = result.adding(both)
            case (1, 0): result = result.adding(p)
            case (0, 1): result = result.adding(q)
            default: break
            }
        }
        return result
    }
}
