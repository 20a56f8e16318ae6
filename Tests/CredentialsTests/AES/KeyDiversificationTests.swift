import Credentials
import TestSupport
import Testing

/// AN10922 AES-128 diversification, on AN10922 §2.2.1's example (reference type4-ntag424.md §9.8).
@Suite("AN10922 key diversification")
struct KeyDiversificationTests {
    static let master = AESKey(hex("00112233445566778899AABBCCDDEEFF"))!

    @Test("AN10922's example: UID, AID and system identifier give its key")
    func an10922Example() throws {
        let input = try #require(KeyDiversification.input(uid: hex("04782E21801D80"), applicationID: hex("3042F5"), systemIdentifier: hex("4E585020416275")))
        #expect(KeyDiversification.aes128(master: Self.master, input: input)?.bytes == hex("A8DD63A3B89D54B37CA802473FDA9175"))
    }

    @Test("short input pads to 32 bytes, not to CMAC's 16 (libfreefare issue 91)")
    func shortInputIsNotPlainCMAC() throws {
        let uid = hex("04782E21801D80")
        let derived = try #require(KeyDiversification.aes128(master: Self.master, input: uid))
        #expect(derived.bytes != Self.master.cmac([0x01] + uid))
        let other = try #require(KeyDiversification.aes128(master: Self.master, input: hex("04782E21801D81")))
        #expect(other != derived)
    }

    @Test("31 bytes fill D whole (K1); 18 to 31 bytes equal CMAC of 01 ‖ M")
    func fullLengthInput() throws {
        let input = Array(1...31).map { UInt8($0) }
        #expect(KeyDiversification.aes128(master: Self.master, input: input)?.bytes == Self.master.cmac([0x01] + input))
        let eighteen = Array(input.prefix(18))
        #expect(KeyDiversification.aes128(master: Self.master, input: eighteen)?.bytes == Self.master.cmac([0x01] + eighteen))
    }

    @Test("empty input and input over 31 bytes are refused")
    func bounds() {
        #expect(KeyDiversification.aes128(master: Self.master, input: []) == nil)
        #expect(KeyDiversification.aes128(master: Self.master, input: [UInt8](repeating: 1, count: 32)) == nil)
        #expect(KeyDiversification.input(uid: [UInt8](repeating: 1, count: 10), applicationID: [1, 2, 3], systemIdentifier: [UInt8](repeating: 2, count: 19)) == nil)
        #expect(KeyDiversification.input(uid: []) == nil)
    }
}
