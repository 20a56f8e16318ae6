import Basics

/// Verifies an NTAG21x originality signature (READ_SIG): ECDSA on secp128r1 over the 7-byte
/// UID taken as a big-endian integer, without hashing, as NXP signs it (AN11350; proxmark3).
///
/// The signature is r ‖ s, 16 bytes each, big-endian, exactly as READ_SIG returns it. Low-S is
/// not enforced (genuine tags have s > n/2). A valid signature proves the UID was signed by
/// the key's owner; it does not stop a full copy onto a tag that can also fake READ_SIG.
public struct OriginalityKey: Hashable, Sendable {
    let x: UInt128
    let y: UInt128

    /// NXP's NTAG21x key (proxmark3, AN11350).
    public static let nxpNTAG21x = OriginalityKey(uncompressed: Hex.bytes("04494E1A386D3D3CFE3DC10E5DE68A499B1C202DB5B132393E89ED19FE5BE8BC61") ?? [])!
    /// NXP's MIFARE Ultralight EV1 key.
    public static let nxpUltralightEV1 = OriginalityKey(uncompressed: Hex.bytes("0490933BDCD6E99B4E255E3DA55389A827564E11718E017292FAF23226A96614B8") ?? [])!

    /// A public key from its 33-byte uncompressed form `04 ‖ x ‖ y`; nil when it is not a point
    /// on secp128r1.
    public init?(uncompressed bytes: [UInt8]) {
        guard bytes.count == 33, bytes[0] == 0x04 else { return nil }
        let x = integer(bytes[1..<17])
        let y = integer(bytes[17..<33])
        guard Secp128r1.contains(x: x, y: y) else { return nil }
        self.x = x
        self.y = y
    }

    /// True when `signature` (32 bytes, r ‖ s) is this key's signature of `uid` (7 bytes).
    public func verifies(signature: [UInt8], uid: [UInt8]) -> Bool {
        guard signature.count == 32, (4...10).contains(uid.count) else { return false }
        let r = integer(signature[0..<16])
        let s = integer(signature[16..<32])
        let n = Secp128r1.n
        guard r >= 1, r < n, s >= 1, s < n else { return false }
        let order = Secp128r1.order
        let e = integer(uid[...]) % n
        let w = order.inverse(s)
        let u1 = order.multiply(e, w)
        let u2 = order.multiply(r, w)
        let point = JacobianPoint.combination(
            u1, JacobianPoint(affineX: Secp128r1.gx, affineY: Secp128r1.gy),
            u2, JacobianPoint(affineX: x, affineY: y))
        guard let pointX = point.affineX else { return false }
        return pointX % n == r
    }
}

/// A big-endian integer of at most 16 bytes.
private func integer(_ bytes: ArraySlice<UInt8>) -> UInt128 {
    bytes.reduce(0) { $0 << 8 | UInt128($1) }
}
