/// A curve point in Jacobian coordinates (X, Y, Z) standing for (X/Z², Y/Z³), each in the
/// curve field's Montgomery form; Z = 0 is the point at infinity.
struct JacobianPoint: Sendable {
    var x: UInt256
    var y: UInt256
    var z: UInt256

    static let infinity = JacobianPoint(x: .one, y: .one, z: .zero)

    var isInfinity: Bool { z.isZero }

    /// The plain affine x coordinate; nil at infinity.
    func affineX(on curve: EllipticCurve) -> UInt256? {
        guard !isInfinity else { return nil }
        let f = curve.field
        let inverse = f.inverse(z)
        return f.plain(f.multiply(x, f.multiply(inverse, inverse)))
    }

    func doubled(on curve: EllipticCurve) -> JacobianPoint {
        guard !isInfinity, !y.isZero else { return .infinity }
        let f = curve.field
        let yy = f.multiply(y, y)
        let xyy = f.multiply(x, yy)
        let s = f.add(f.add(xyy, xyy), f.add(xyy, xyy))
        let zz = f.multiply(z, z)
        let xx = f.multiply(x, x)
        let m = f.add(f.add(f.add(xx, xx), xx), f.multiply(curve.a, f.multiply(zz, zz)))
        let x3 = f.subtract(f.multiply(m, m), f.add(s, s))
        let yyyy = f.multiply(yy, yy)
        let yyyy2 = f.add(yyyy, yyyy)
        let yyyy4 = f.add(yyyy2, yyyy2)
        let y3 = f.subtract(f.multiply(m, f.subtract(s, x3)), f.add(yyyy4, yyyy4))
        let yz = f.multiply(y, z)
        return JacobianPoint(x: x3, y: y3, z: f.add(yz, yz))
    }

    func adding(_ other: JacobianPoint, on curve: EllipticCurve) -> JacobianPoint {
        if isInfinity { return other }
        if other.isInfinity { return self }
        let f = curve.field
        let z1z1 = f.multiply(z, z)
        let z2z2 = f.multiply(other.z, other.z)
        let u1 = f.multiply(x, z2z2)
        let u2 = f.multiply(other.x, z1z1)
        let s1 = f.multiply(y, f.multiply(other.z, z2z2))
        let s2 = f.multiply(other.y, f.multiply(z, z1z1))
        if u1 == u2 { return s1 == s2 ? doubled(on: curve) : .infinity }
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

    /// u1·P + u2·Q (u1, u2 plain scalars below the group order) by one pass over the bits
    /// (Shamir's trick).
    static func combination(
        _ u1: UInt256, _ p: JacobianPoint, _ u2: UInt256, _ q: JacobianPoint, on curve: EllipticCurve
    ) -> JacobianPoint {
        let both = p.adding(q, on: curve)
        var result = JacobianPoint.infinity
        for bit in stride(from: curve.order.modulus.bitWidth - 1, through: 0, by: -1) {
            result = result.doubled(on: curve)
            switch (u1.bit(bit), u2.bit(bit)) {
            case (1, 1): result = result.adding(both, on: curve)
            case (1, 0): result = result.adding(p, on: curve)
            case (0, 1): result = result.adding(q, on: curve)
            default: break
            }
        }
        return result
    }
}
