/// A public key that originality signatures are checked against: a point on secp128r1
/// (NTAG21x, Ultralight EV1), secp192r1 (Ultralight AES) or secp224r1 (NTAG 424 DNA, DESFire).
///
/// NXP signs the UID itself: ECDSA without hashing, the UID bytes taken as the big-endian
/// integer e (AN11350 for NTAG21x; the NTAG 424 DNA data sheet §10.10.1: "No hash is computed:
/// M is directly used as H"). ECDSA would keep only the leftmost bits of e as wide as the group
/// order n, but a UID (at most 10 bytes, 80 bits) is shorter than every order here (at least 128
/// bits), so e is used whole and is already below n.
///
/// The signature is r ‖ s, each as wide as a coordinate (16, 24 or 28 bytes), big-endian,
/// exactly as READ_SIG / Read_Sig returns it. Low-S is not enforced (genuine tags have s > n/2).
/// A valid signature proves the UID was signed by the key's owner; it does not stop a full copy
/// onto a tag that can also fake the signature command.
public struct OriginalityKey: Hashable, Sendable {
    /// The curve the key is on, which fixes the signature's length.
    public let curve: OriginalityCurve
    let x: UInt256
    let y: UInt256

    /// A public key from its uncompressed form `04 ‖ x ‖ y`: 33 bytes on secp128r1, 49 on
    /// secp192r1, 57 on secp224r1. Nil for any other length or prefix (NXP publishes no
    /// compressed keys) and for a point that is not on the curve.
    public init?(uncompressed bytes: [UInt8]) {
        guard bytes.first == 0x04,
              let curve = OriginalityCurve.allCases.first(where: { 1 + 2 * EllipticCurve.named($0).byteCount == bytes.count })
        else { return nil }
        let size = EllipticCurve.named(curve).byteCount
        guard let x = UInt256(bigEndian: bytes[1..<1 + size]), let y = UInt256(bigEndian: bytes[(1 + size)...]),
              EllipticCurve.named(curve).contains(x: x, y: y)
        else { return nil }
        self.curve = curve
        self.x = x
        self.y = y
    }

    /// The key as `04 ‖ x ‖ y`.
    public var uncompressed: [UInt8] {
        let size = EllipticCurve.named(curve).byteCount
        return [0x04] + x.bigEndianBytes(count: size) + y.bigEndianBytes(count: size)
    }

    /// True when `signature` (r ‖ s, `curve.signatureByteCount` bytes) is this key's signature
    /// of `uid` (4 to 10 bytes). False for a signature of another length, r or s outside
    /// [1, n − 1], or any other mismatch.
    public func verifies(signature: [UInt8], uid: [UInt8]) -> Bool {
        let curve = EllipticCurve.named(curve)
        let size = curve.byteCount
        guard signature.count == 2 * size, (4...10).contains(uid.count),
              let r = UInt256(bigEndian: signature[0..<size]), let s = UInt256(bigEndian: signature[size...]),
              let e = UInt256(bigEndian: uid)
        else { return false }
        let order = curve.order
        let n = order.modulus
        guard !r.isZero, r < n, !s.isZero, s < n, e < n else { return false }
        // w = s⁻¹ in Montgomery form; a plain factor times it gives the plain product mod n.
        let w = order.inverse(order.montgomery(s))
        let u1 = order.multiply(e, w)
        let u2 = order.multiply(r, w)
        let field = curve.field
        let publicPoint = JacobianPoint(x: field.montgomery(x), y: field.montgomery(y), z: field.one)
        let point = JacobianPoint.combination(u1, curve.generator, u2, publicPoint, on: curve)
        guard let pointX = point.affineX(on: curve) else { return false }
        // x < p < 2n on these curves (cofactor 1, Hasse), so one subtraction reduces it mod n.
        let reduced = pointX >= n ? pointX.subtractingWithBorrow(n).difference : pointX
        return reduced == r
    }
}
