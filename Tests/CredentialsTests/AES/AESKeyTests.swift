import Credentials
import TestSupport
import Testing

/// The AES-128 block, CBC and CMAC under EV2 secure messaging, SUN and AN10922, checked on
/// the published vectors (NIST SP 800-38A F.2.1, RFC 4493 §4).
@Suite("AES-128, CBC and CMAC")
struct AESKeyTests {
    static let rfcKey = AESKey(hex("2B7E151628AED2A6ABF7158809CF4F3C"))!
    static let message = hex(
        "6BC1BEE22E409F96E93D7E117393172A AE2D8A571E03AC9C9EB76FAC45AF8E51 30C81C46A35CE411E5FBC1191A0A52EF F69F2445DF4F9B17AD2B417BE66C3710")

    @Test("a key is exactly 16 bytes, and the zero key is the factory default")
    func keyLength() {
        #expect(AESKey([UInt8](repeating: 1, count: 15)) == nil)
        #expect(AESKey([UInt8](repeating: 1, count: 17)) == nil)
        #expect(AESKey([UInt8](repeating: 0, count: 16))?.isFactoryDefault == true)
        #expect(Self.rfcKey.isFactoryDefault == false)
        #expect("\(Self.rfcKey)" == "AES key")
    }

    @Test("CBC encrypts and decrypts SP 800-38A F.2.1, and refuses partial blocks")
    func cbc() throws {
        let iv = hex("000102030405060708090A0B0C0D0E0F")
        let cipher = try #require(Self.rfcKey.cbcEncrypt(Array(Self.message.prefix(32)), iv: iv))
        #expect(cipher == hex("7649ABAC8119B246CEE98E9B12E9197D 5086CB9B507219EE95DB113A917678B2"))
        #expect(Self.rfcKey.cbcDecrypt(cipher, iv: iv) == Array(Self.message.prefix(32)))
        #expect(Self.rfcKey.cbcEncrypt(Array(Self.message.prefix(17)), iv: iv) == nil)
        #expect(Self.rfcKey.cbcDecrypt(cipher, iv: Array(iv.prefix(8))) == nil)
    }

    @Test("CMAC subkeys and MACs are RFC 4493's", arguments: [
        (0, "BB1D6929E95937287FA37D129B756746"), (16, "070A16B46B4D4144F79BDD9DD04A287C"),
        (40, "DFA66747DE9AE63030CA32611497C827"), (64, "51F0BEBF7E3B9D92FC49741779363CFE"),
    ])
    func cmac(length: Int, expected: String) {
        #expect(Self.rfcKey.cmacSubkeys.k1 == hex("FBEED618357133667C85E08F7236A8DE"))
        #expect(Self.rfcKey.cmacSubkeys.k2 == hex("F7DDAC306AE266CCF90BC11EE46D513B"))
        #expect(Self.rfcKey.cmac(Array(Self.message.prefix(length))) == hex(expected))
    }
}
