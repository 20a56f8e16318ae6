import Originality
import TestSupport
import Testing

/// The vectors of ../shared/reference/ntag-signature.md.
@Suite("NTAG originality signature on secp128r1")
struct OriginalitySignatureTests {
    static let testKey = OriginalityKey(uncompressed: hex("04BCCB2F6A3B61EEA0F6811930298CECCE2BC246F76B5325819B5DDB9815BDA072"))
    static let firstTestSignature = hex("7AA03F5E437B434C2547B1DEBA0FCAE831D4DEAAFF9B29FDEED7375BFD8D5FD4")
    static let firstGenuine = hex("8B76052EE42F5567BEB53238B3E3F9950707C0DCC956B5C5EFCFDB709B2D82B3")

    @Test(arguments: [
        ("04E10CDA993C80", "8B76052EE42F5567BEB53238B3E3F9950707C0DCC956B5C5EFCFDB709B2D82B3"),
        ("04DB0BDA993C80", "6048EFD9417CD10F6B7F1818D471A7FE5B46868D2EABDC6307A1E0AAE139D8D0"),
        ("0485928AA06181", "1B84EB70BD4CBD1B1DE4980B1858BD7C7285B4E47B388E96CF886BEEA343AD90"),
        ("043991C2FC6780", "AF0D47F0EFFFDC7B8B7B78DD939BE6C1BF15330A1A82B6C887B16963545F3185"),
    ])
    func genuineTagsVerifyWithNXPsKey(_ uid: String, _ signature: String) {
        #expect(OriginalityKey.nxpNTAG21x.verifies(signature: hex(signature), uid: hex(uid)))
    }

    @Test(arguments: [
        ("04112233445566", "7AA03F5E437B434C2547B1DEBA0FCAE831D4DEAAFF9B29FDEED7375BFD8D5FD4"),
        ("04A1B2C3D4E5F6", "00659AE5D4FB2BE0B2F00A19044EBB2E9129ED965D8B4EA7A284FD677BF9B449"),
        ("04000000000001", "162E1AE7CC280C9D78A417AE7730FE53F3A6D5BD44E9AF9CCA1BC18DDBF1CAF7"),
    ])
    func testKeySignaturesVerify(_ uid: String, _ signature: String) throws {
        let key = try #require(Self.testKey)
        #expect(key.verifies(signature: hex(signature), uid: hex(uid)))
    }

    @Test func testKeyRejections() throws {
        let key = try #require(Self.testKey)
        let uid = hex("04112233445566")
        let signature = Self.firstTestSignature
        #expect(!key.verifies(signature: signature, uid: hex("04112233445567")))
        var sTampered = signature
        sTampered[31] ^= 0x01
        #expect(!key.verifies(signature: sTampered, uid: uid))
        var rTampered = signature
        rTampered[0] ^= 0x80
        #expect(!key.verifies(signature: rTampered, uid: uid))
        #expect(!OriginalityKey.nxpNTAG21x.verifies(signature: signature, uid: uid))
        #expect(!key.verifies(signature: [UInt8](repeating: 0, count: 16) + signature[16...], uid: uid))
        #expect(!key.verifies(signature: Array(signature[..<16]) + [UInt8](repeating: 0, count: 16), uid: uid))
        #expect(!key.verifies(signature: hex("FFFFFFFE0000000075A30D1B9038A115") + signature[16...], uid: uid))
    }

    @Test func nxpKeyRejections() {
        let nxp = OriginalityKey.nxpNTAG21x
        #expect(!nxp.verifies(signature: [UInt8](repeating: 0, count: 32), uid: hex("04E10CDA993C80")))
        #expect(!nxp.verifies(signature: hex("CEA2EB0B3C95D0844A95B824A7553703B3702378033BF0987899DB70151A19E7"), uid: hex("04C1285A373080")))
        #expect(!nxp.verifies(signature: Self.firstGenuine.reversed(), uid: hex("04E10CDA993C80")))
        #expect(!nxp.verifies(signature: Self.firstGenuine, uid: hex("803C99DA0CE104")))
    }

    /// (r, n − s) is as valid as (r, s): a signature is not an identity.
    @Test func negatedSIsAlsoValid() throws {
        let key = try #require(Self.testKey)
        let signature = Self.firstTestSignature
        let n = hex("FFFFFFFE0000000075A30D1B9038A115")
        var borrow = 0
        var negated = [UInt8](repeating: 0, count: 16)
        for index in stride(from: 15, through: 0, by: -1) {
            let difference = Int(n[index]) - Int(signature[16 + index]) - borrow
            negated[index] = UInt8((difference + 256) % 256)
            borrow = difference < 0 ? 1 : 0
        }
        #expect(key.verifies(signature: Array(signature[..<16]) + negated, uid: hex("04112233445566")))
    }

    @Test func malformedInputIsRejected() throws {
        let key = try #require(Self.testKey)
        #expect(!key.verifies(signature: Array(Self.firstTestSignature.prefix(31)), uid: hex("04112233445566")))
        #expect(OriginalityKey(uncompressed: hex("04") + [UInt8](repeating: 1, count: 32)) == nil)
        #expect(OriginalityKey(uncompressed: hex("02494E1A386D3D3CFE3DC10E5DE68A499B")) == nil)
    }
}
