import Basics
import Credentials
import NFCCore
import TestSupport
import Testing
@testable import Type2

/// The host's 3-pass AES authentication against hostile answers written by hand: short and long
/// parts, wrong markers, a wrong RndA′, and an answer recorded for another challenge.
@Suite("MIFARE Ultralight AES authentication against hostile answers")
struct UltralightAESScriptedTests {
    static let key = AESKey([UInt8](repeating: 0x11, count: 16))!
    static let zero = [UInt8](repeating: 0, count: 16)
    static let rndA: [UInt8] = (0..<16).map { UInt8(0xA0 + $0) }
    static let rndB: [UInt8] = (0..<16).map { UInt8(0xB0 + $0) }

    /// The card's part-1 answer, the reader's part-2 command for `rndA`, and the card's honest
    /// part-2 answer, computed here independently of the layer under test.
    static func exchange(rndA: [UInt8] = rndA) -> (part1: [UInt8], part2: [UInt8], answer: [UInt8]) {
        let encryptedB = key.cbcEncrypt(rndB, iv: zero)!
        let token = key.cbcEncrypt(rndA + Array(rndB.dropFirst()) + [rndB[0]], iv: zero)!
        let proof = key.cbcEncrypt(Array(rndA.dropFirst()) + [rndA[0]], iv: zero)!
        return ([0xAF] + encryptedB, [0xAF] + token, [0x00] + proof)
    }

    static func tag(_ steps: [([UInt8], [UInt8]?)]) -> (Type2Tag, ScriptedExchange) {
        let exchange = ScriptedExchange(steps.map { (Hex.encode($0.0), $0.1.map { Hex.encode($0) }) })
        return (Type2Tag(exchange: exchange, product: .ultralightAES, version: nil), exchange)
    }

    @Test("the honest exchange authenticates, with exactly the two commands")
    func honest() throws {
        let e = Self.exchange()
        let (tag, script) = Self.tag([([0x1A, 0x00], e.part1), (e.part2, e.answer)])
        try tag.authenticate(aesKey: Self.key, challenge: Self.rndA)
        #expect(script.isDone)
    }

    @Test("a part 2 of the wrong length is a malformed answer", arguments: [0, 1, 16, 18, 33])
    func wrongLengthPart2(_ length: Int) throws {
        let e = Self.exchange()
        let answer = Array((e.answer + [UInt8](repeating: 0x55, count: 33)).prefix(length))
        let (tag, _) = Self.tag([([0x1A, 0x00], e.part1), (e.part2, answer)])
        let error = #expect(throws: Type2Error.self) { try tag.authenticate(aesKey: Self.key, challenge: Self.rndA) }
        guard case .exchange(.transport, let step)? = error else { Issue.record("not a malformed answer: \(String(describing: error))"); return }
        #expect(step == "AES AUTHENTICATE part 2 (key 0)")
    }

    @Test("a part 1 of the wrong length or without AF is a malformed answer; nothing more is sent")
    func badPart1() throws {
        let e = Self.exchange()
        for answer in [Array(e.part1.prefix(16)), e.part1 + [0], [0x00] + e.part1.dropFirst()] {
            let (tag, script) = Self.tag([([0x1A, 0x00], answer)])
            let error = #expect(throws: Type2Error.self) { try tag.authenticate(aesKey: Self.key, challenge: Self.rndA) }
            guard case .exchange(.transport, "AES AUTHENTICATE part 1 (key 0)")? = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(script.isDone)
        }
    }

    @Test("a wrong RndA′ (one bit) and part 2 with another marker are refused")
    func wrongProof() throws {
        let e = Self.exchange()
        var flipped = Self.key.cbcDecrypt(Array(e.answer.dropFirst()), iv: Self.zero)!
        flipped[15] ^= 0x01
        let forged = [0x00] + Self.key.cbcEncrypt(flipped, iv: Self.zero)!
        let (tag, _) = Self.tag([([0x1A, 0x00], e.part1), (e.part2, forged)])
        #expect(throws: Type2Error.aesCardNotAuthenticated(key: .dataProtection)) { try tag.authenticate(aesKey: Self.key, challenge: Self.rndA) }
        let (marked, _) = Self.tag([([0x1A, 0x00], e.part1), (e.part2, [0xAF] + e.answer.dropFirst())])
        let error = #expect(throws: Type2Error.self) { try marked.authenticate(aesKey: Self.key, challenge: Self.rndA) }
        guard case .exchange(.transport, _)? = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test("an answer recorded for another challenge does not authenticate a new one")
    func replayedAnswer() throws {
        let recorded = Self.exchange()
        let fresh: [UInt8] = (0..<16).map { UInt8(0x10 + $0) }
        let now = Self.exchange(rndA: fresh)
        let (tag, _) = Self.tag([([0x1A, 0x00], recorded.part1), (now.part2, recorded.answer)])
        #expect(throws: Type2Error.aesCardNotAuthenticated(key: .dataProtection)) { try tag.authenticate(aesKey: Self.key, challenge: fresh) }
    }

    @Test("fresh challenges differ")
    func freshChallenges() {
        #expect(Type2Tag.freshAESChallenge().count == 16)
        #expect(Type2Tag.freshAESChallenge() != Type2Tag.freshAESChallenge())
    }
}
