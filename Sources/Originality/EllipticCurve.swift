/// A short Weierstrass curve y² = x³ + ax + b over GF(p), with base point G of prime order n and
/// cofactor 1: the three curves NXP signs originality on.
struct EllipticCurve: Sendable {
    let name: OriginalityCurve
    /// Bytes in one coordinate or scalar (16, 24 or 28).
    let byteCount: Int
    let field: ModularField
    let order: ModularField
    /// a, b and G in the field's Montgomery form.
    let a: UInt256
    let b: UInt256
    let generator: JacobianPoint

    private init(name: OriginalityCurve, byteCount: Int, p: UInt256, a: UInt256, b: UInt256, gx: UInt256, gy: UInt256, n: UInt256) {
        self.name = name
        self.byteCount = byteCount
        field = ModularField(modulus: p)
        order = ModularField(modulus: n)
        self.a = field.montgomery(a)
        self.b = field.montgomery(b)
        generator = JacobianPoint(x: field.montgomery(gx), y: field.montgomery(gy), z: field.one)
    }

    /// The parameters of `name`.
    static func named(_ name: OriginalityCurve) -> EllipticCurve {
        switch name {
        case .secp128r1: secp128r1
        case .secp192r1: secp192r1
        case .secp224r1: secp224r1
        }
    }

    /// True when (x, y), plain integers, is a point of the curve (not infinity).
    func contains(x: UInt256, y: UInt256) -> Bool {
        let p = field.modulus
        guard x < p, y < p else { return false }
        let mx = field.montgomery(x)
        let my = field.montgomery(y)
        let left = field.multiply(my, my)
        let right = field.add(field.multiply(field.add(field.multiply(mx, mx), a), mx), b)
        return left == right
    }

    // SEC 2 "Recommended Elliptic Curve Domain Parameters": v1.0 §2.3.1 (secp128r1); v2.0 §2.4.2
    // (secp192r1, = NIST P-192, prime192v1) and §2.5.2 (secp224r1, = NIST P-224). Checked here
    // against OpenSSL's curves (private keys 1 and n − 1 give G and −G) and n·G = ∞.

    /// secp128r1: p = 2^128 − 2^97 − 1 (NTAG21x, Ultralight EV1).
    static let secp128r1 = EllipticCurve(
        name: .secp128r1, byteCount: 16,
        p: UInt256(0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFD_FFFF_FFFF, 0, 0),
        a: UInt256(0xFFFF_FFFF_FFFF_FFFC, 0xFFFF_FFFD_FFFF_FFFF, 0, 0),
        b: UInt256(0xD824_993C_2CEE_5ED3, 0xE875_79C1_1079_F43D, 0, 0),
        gx: UInt256(0x0C28_607C_A52C_5B86, 0x161F_F752_8B89_9B2D, 0, 0),
        gy: UInt256(0xC02D_A292_DDED_7A83, 0xCF5A_C839_5BAF_EB13, 0, 0),
        n: UInt256(0x75A3_0D1B_9038_A115, 0xFFFF_FFFE_0000_0000, 0, 0))

    /// secp192r1: p = 2^192 − 2^64 − 1 (Ultralight AES, NTAG 223/224 DNA).
    static let secp192r1 = EllipticCurve(
        name: .secp192r1, byteCount: 24,
        p: UInt256(0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFE, 0xFFFF_FFFF_FFFF_FFFF, 0),
        a: UInt256(0xFFFF_FFFF_FFFF_FFFC, 0xFFFF_FFFF_FFFF_FFFE, 0xFFFF_FFFF_FFFF_FFFF, 0),
        b: UInt256(0xFEB8_DEEC_C146_B9B1, 0x0FA7_E9AB_7224_3049, 0x6421_0519_E59C_80E7, 0),
        gx: UInt256(0xF4FF_0AFD_82FF_1012, 0x7CBF_20EB_43A1_8800, 0x188D_A80E_B030_90F6, 0),
        gy: UInt256(0x73F9_77A1_1E79_4811, 0x6310_11ED_6B24_CDD5, 0x0719_2B95_FFC8_DA78, 0),
        n: UInt256(0x146B_C9B1_B4D2_2831, 0xFFFF_FFFF_99DE_F836, 0xFFFF_FFFF_FFFF_FFFF, 0))

    /// secp224r1: p = 2^224 − 2^96 + 1 (NTAG 424 DNA, NTAG 413 DNA, DESFire EV1 to EV3 and Light).
    static let secp224r1 = EllipticCurve(
        name: .secp224r1, byteCount: 28,
        p: UInt256(0x0000_0000_0000_0001, 0xFFFF_FFFF_0000_0000, 0xFFFF_FFFF_FFFF_FFFF, 0x0000_0000_FFFF_FFFF),
        a: UInt256(0xFFFF_FFFF_FFFF_FFFE, 0xFFFF_FFFE_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF, 0x0000_0000_FFFF_FFFF),
        b: UInt256(0x270B_3943_2355_FFB4, 0x5044_B0B7_D7BF_D8BA, 0x0C04_B3AB_F541_3256, 0x0000_0000_B405_0A85),
        gx: UInt256(0x3432_80D6_115C_1D21, 0x4A03_C1D3_56C2_1122, 0x6BB4_BF7F_3213_90B9, 0x0000_0000_B70E_0CBD),
        gy: UInt256(0x44D5_8199_8500_7E34, 0xCD43_75A0_5A07_4764, 0xB5F7_23FB_4C22_DFE6, 0x0000_0000_BD37_6388),
        n: UInt256(0x13DD_2945_5C5C_2A3D, 0xFFFF_16A2_E0B8_F03E, 0xFFFF_FFFF_FFFF_FFFF, 0x0000_0000_FFFF_FFFF))
}

/// The curves originality signatures are made on.
public enum OriginalityCurve: String, Sendable, Hashable, CaseIterable {
    /// 32-byte signatures: NTAG21x, MIFARE Ultralight EV1.
    case secp128r1
    /// 48-byte signatures: MIFARE Ultralight AES, NTAG 223/224 DNA.
    case secp192r1
    /// 56-byte signatures: NTAG 424 DNA, NTAG 413 DNA, MIFARE DESFire EV1 to EV3 and Light.
    case secp224r1

    /// The length of a signature r ‖ s on this curve.
    public var signatureByteCount: Int { 2 * EllipticCurve.named(self).byteCount }
}
