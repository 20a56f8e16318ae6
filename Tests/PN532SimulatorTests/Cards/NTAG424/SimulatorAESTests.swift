import PN532Simulator
import Testing
import TestSupport

/// The simulator's own AES-128 and CMAC, checked with FIPS-197 appendix C.1 and RFC 4493 §4.
struct SimulatorAESTests {
    @Test func aFIPS197BlockEnciphersAndDeciphers() {
        let cipher = SimulatorAES(key: hex("00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F"))
        let plain = hex("00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF")
        let expected = hex("69 C4 E0 D8 6A 7B 04 30 D8 CD B7 80 70 B4 C5 5A")
        #expect(cipher.encrypt(block: plain) == expected)
        #expect(cipher.decrypt(block: expected) == plain)
    }

    @Test(arguments: [
        ("", "BB1D6929E95937287FA37D129B756746"),
        ("6BC1BEE22E409F96E93D7E117393172A", "070A16B46B4D4144F79BDD9DD04A287C"),
        ("6BC1BEE22E409F96E93D7E117393172AAE2D8A571E03AC9C9EB76FAC45AF8E5130C81C46A35CE411", "DFA66747DE9AE63030CA32611497C827"),
        (
            "6BC1BEE22E409F96E93D7E117393172AAE2D8A571E03AC9C9EB76FAC45AF8E5130C81C46A35CE411E5FBC1191A0A52EFF69F2445DF4F9B17AD2B417BE66C3710",
            "51F0BEBF7E3B9D92FC49741779363CFE"
        ),
    ])
    func theRFC4493VectorsMAC(message: String, mac: String) {
        let cipher = SimulatorAES(key: hex("2B7E151628AED2A6ABF7158809CF4F3C"))
        #expect(cipher.cmac(hex(message)) == hex(mac))
    }

    @Test func cbcRoundTripsAndChains() {
        let cipher = SimulatorAES(key: hex("2B7E151628AED2A6ABF7158809CF4F3C"))
        let plain = hex("6BC1BEE22E409F96E93D7E117393172AAE2D8A571E03AC9C9EB76FAC45AF8E51")
        let iv = hex("000102030405060708090A0B0C0D0E0F")
        // SP 800-38A F.2.1, the first two blocks.
        #expect(cipher.encryptCBC(plain, iv: iv) == hex("7649ABAC8119B246CEE98E9B12E9197D5086CB9B507219EE95DB113A917678B2"))
        #expect(cipher.decryptCBC(cipher.encryptCBC(plain, iv: iv), iv: iv) == plain)
    }
}
