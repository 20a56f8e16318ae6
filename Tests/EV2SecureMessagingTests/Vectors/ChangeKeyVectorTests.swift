import Credentials
@testable import EV2SecureMessaging
import TestSupport
import Testing

/// ChangeKey on AN12196's vectors (reference type4-ntag424.md §9.5), CRC32NK, and the XOR with
/// a non-zero old key that no published vector exercises.
@Suite("ChangeKey vectors")
struct ChangeKeyVectorTests {
    static func vectorSession(counter: UInt16) -> EV2Session {
        session(enc: "4CF3CB41A22583A61E89B158D252FC53", mac: "5529860B2FC5FB6154B7F28361D30BF9", ti: "7614281A", counter: counter)
    }

    @Test("CRC32NK of AN12196's new key")
    func crc() {
        #expect(CRC32NK.of(hex("F3847D627727ED3BC9C4CC050489B966")) == hex("789DFADC"))
    }

    @Test("§9.5 case 1: key 2 changed under key 0; the session goes on")
    func otherKey() throws {
        let script = ScriptedExchange([
            ("90C4000029022CF362B7BF4311FF3BE1DAA295E8C68DE09050560D19B9E16C2393AE9CD1FAC75D0CE20BCD1D06E600", "203BB55D1089D587 9100")
        ])
        let card = card(script, in: Self.vectorSession(counter: 2))
        try card.changeKey(0x02, to: AESKey(hex("F3847D627727ED3BC9C4CC050489B966"))!, version: 0x01)
        #expect(script.isDone, "\(script.unexpected)")
        #expect(card.session?.commandCounter == 3)
    }

    @Test("§9.5 case 2: key 0 changed under key 0; answered without MAC, the session ends")
    func authenticatedKey() throws {
        let script = ScriptedExchange([
            ("90C400002900C0EB4DEEFEDDF0B513A03A95A75491818580503190D4D05053FF75668A01D6FDA6610234BDED643200", "9100")
        ])
        let card = card(script, in: Self.vectorSession(counter: 3))
        try card.changeKey(0x00, to: AESKey(hex("5004BF991F408672B1EF00F08F9E8647"))!, version: 0x01)
        #expect(script.isDone, "\(script.unexpected)")
        #expect(card.session == nil)
    }

    @Test("another key is sent as new ⊕ old ‖ version ‖ CRC32NK(new), padded")
    func xorWithOldKey() throws {
        let session = Self.vectorSession(counter: 2)
        let new = AESKey(hex("F3847D627727ED3BC9C4CC050489B966"))!
        let old = AESKey(hex("0102030405060708090A0B0C0D0E0F10"))!
        let recorder = RecordingExchange(answer: session)
        let card = EV2Card(exchange: recorder)
        card.session = session
        try card.changeKey(0x02, to: new, version: 0x07, oldKey: old)
        let apdu = try #require(recorder.sent.first)
        #expect(apdu.prefix(6) == [0x90, 0xC4, 0x00, 0x00, 0x29, 0x02])
        let cipher = Array(apdu[6..<38])
        let plain = session.encryptionKey.cbcDecrypt(cipher, iv: session.iv(response: false))
        let xored = zip(new.bytes, old.bytes).map { $0 ^ $1 }
        #expect(plain == xored + [0x07] + hex("789DFADC") + [0x80] + [UInt8](repeating: 0, count: 10))
    }

    @Test("ChangeKey without a session sends nothing")
    func needsASession() {
        let script = ScriptedExchange([])
        #expect(throws: EV2Error.notAuthenticated(step: "ChangeKey 2")) { try card(script).changeKey(2, to: zeroKey, version: 0) }
        #expect(script.sent.isEmpty)
    }
}
