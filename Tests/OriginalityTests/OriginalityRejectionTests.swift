import Originality
import TestSupport
import Testing

/// What a verifier on secp224r1 and secp192r1 must refuse: altered data, out-of-range r and s,
/// wrong lengths, and public keys that are not points of the curve.
@Suite("Originality rejections on secp224r1 and secp192r1")
struct OriginalityRejectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let key: OriginalityKey
        let uid: [UInt8]
        let signature: [UInt8]
        /// The group order n, big-endian, as wide as r.
        let order: [UInt8]
        var testDescription: String { "\(key.curve)" }
    }

    static let cases = [
        Case(
            key: .nxpNTAG424DNA, uid: hex("047728824D6580"),
            signature: hex("9C7068636A285FEBA1E2406654009DCE6E8A9C9CE318BE0262ED162519B970B32FB802858420D667D12CEBCD32BB4BC8AFE21C753A5A6C26"),
            order: hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFF16A2E0B8F03E13DD29455C5C2A3D")),
        Case(
            key: .nxpUltralightAES, uid: hex("045E4CC2451390"),
            signature: hex("C9BBDA1B99EB6634CDFD8E3251AC5C4742EA5FA507B8A8A8B39B19AB7340D173331589C54C56C49F0CCA6DDBAC1E492A"),
            order: hex("FFFFFFFFFFFFFFFFFFFFFFFF99DEF836146BC9B1B4D22831")),
    ]

    @Test(arguments: cases)
    func theUntouchedSignatureVerifies(_ c: Case) {
        #expect(c.key.verifies(signature: c.signature, uid: c.uid))
    }

    @Test(arguments: cases)
    func alteredDataIsRejected(_ c: Case) {
        let size = c.order.count
        var uid = c.uid
        uid[6] ^= 0x01
        #expect(!c.key.verifies(signature: c.signature, uid: uid))
        #expect(!c.key.verifies(signature: c.signature, uid: c.uid.reversed()))
        var r = c.signature
        r[size - 1] ^= 0x01
        #expect(!c.key.verifies(signature: r, uid: c.uid))
        var s = c.signature
        s[size] ^= 0x80
        #expect(!c.key.verifies(signature: s, uid: c.uid))
        #expect(!c.key.verifies(signature: c.signature.reversed(), uid: c.uid))
        #expect(!c.key.verifies(signature: Array(c.signature[size...] + c.signature[..<size]), uid: c.uid))
    }

    @Test(arguments: cases)
    func rAndSOutsideOneToNMinusOneAreRejected(_ c: Case) {
        let size = c.order.count
        let r = Array(c.signature[..<size]), s = Array(c.signature[size...])
        let zero = [UInt8](repeating: 0, count: size)
        #expect(!c.key.verifies(signature: zero + s, uid: c.uid))
        #expect(!c.key.verifies(signature: r + zero, uid: c.uid))
        #expect(!c.key.verifies(signature: c.order + s, uid: c.uid))
        #expect(!c.key.verifies(signature: r + c.order, uid: c.uid))
        let allOnes = [UInt8](repeating: 0xFF, count: size)
        #expect(!c.key.verifies(signature: allOnes + s, uid: c.uid))
        #expect(!c.key.verifies(signature: r + allOnes, uid: c.uid))
        #expect(!c.key.verifies(signature: zero + zero, uid: c.uid))
    }

    /// (r, n − s) is as valid as (r, s): checks the group-order arithmetic end to end.
    @Test(arguments: cases)
    func negatedSIsAlsoValid(_ c: Case) {
        let size = c.order.count
        let negated = subtract(c.order, Array(c.signature[size...]))
        #expect(c.key.verifies(signature: Array(c.signature[..<size]) + negated, uid: c.uid))
    }

    @Test(arguments: cases)
    func signaturesOfTheWrongLengthAreRejected(_ c: Case) {
        #expect(!c.key.verifies(signature: Array(c.signature.dropLast()), uid: c.uid))
        #expect(!c.key.verifies(signature: c.signature + [0], uid: c.uid))
        #expect(!c.key.verifies(signature: [0] + c.signature, uid: c.uid))
        #expect(!c.key.verifies(signature: [], uid: c.uid))
        #expect(!c.key.verifies(signature: c.signature, uid: Array(c.uid.prefix(3))))
        #expect(!c.key.verifies(signature: c.signature, uid: c.uid + [0, 0, 0, 0]))
        #expect(NXPOriginalityKey.signer(of: Array(c.signature.dropLast()), uid: c.uid) == nil)
    }

    @Test(arguments: cases)
    func keysThatAreNotCurvePointsAreRefused(_ c: Case) {
        let bytes = c.key.uncompressed
        let size = c.order.count
        var offCurve = bytes
        offCurve[bytes.count - 1] ^= 0x01
        #expect(OriginalityKey(uncompressed: offCurve) == nil)
        var xTooLarge = bytes
        for index in 1...size { xTooLarge[index] = 0xFF }
        #expect(OriginalityKey(uncompressed: xTooLarge) == nil)
        var compressed = Array(bytes.prefix(1 + size))
        compressed[0] = 0x02
        #expect(OriginalityKey(uncompressed: compressed) == nil)
        compressed[0] = 0x03
        #expect(OriginalityKey(uncompressed: compressed) == nil)
        var hybrid = bytes
        hybrid[0] = 0x06
        #expect(OriginalityKey(uncompressed: hybrid) == nil)
        #expect(OriginalityKey(uncompressed: Array(bytes.dropLast())) == nil)
        #expect(OriginalityKey(uncompressed: bytes + [0]) == nil)
        #expect(OriginalityKey(uncompressed: [0x04] + [UInt8](repeating: 0, count: 2 * size)) == nil)
    }

    @Test func aSignatureForOneCurveFailsUnderAnotherCurvesKey() {
        let ntag424 = Self.cases[0], ultralightAES = Self.cases[1]
        #expect(!OriginalityKey.nxpUltralightAES.verifies(signature: ntag424.signature, uid: ntag424.uid))
        #expect(!OriginalityKey.nxpNTAG424DNA.verifies(signature: ultralightAES.signature, uid: ultralightAES.uid))
        #expect(!OriginalityKey.nxpNTAG21x.verifies(signature: Array(ntag424.signature.prefix(32)), uid: ntag424.uid))
    }
}

/// a − b for big-endian byte strings of one length, a ≥ b.
private func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var borrow = 0
    var difference = [UInt8](repeating: 0, count: a.count)
    for index in a.indices.reversed() {
        let value = Int(a[index]) - Int(b[index]) - borrow
        difference[index] = UInt8((value + 256) % 256)
        borrow = value < 0 ? 1 : 0
    }
    return difference
}
