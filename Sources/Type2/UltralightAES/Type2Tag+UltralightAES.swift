import Basics
import Credentials
import NFCCore

/// MIFARE Ultralight AES: the 3-pass AES-128 authentication, the configuration pages and the
/// key pages (reference type4-ntag424.md §8.4; proxmark3 `mifare_ultra_aes_auth`).
///
/// Without secure messaging (CFG0 SEC_MSG_ACT) nothing after the authentication is MACed: the
/// authentication proves the card holds the key at this presentation, and an attacker in the
/// field can still take over the session that follows (§8.4's hardening pitfall).
extension Type2Tag {
    /// The length of the challenges RndA and RndB.
    public static let aesChallengeLength = 16

    /// A fresh random challenge RndA from the system's generator.
    public static func freshAESChallenge() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<aesChallengeLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// Authenticates with `key` as key `keyNumber`: `1A KeyNo` → `AF ‖ E(K, RndB)`, then
    /// `AF ‖ E(K, RndA ‖ RndB′)` → `00 ‖ E(K, RndA′)`, each message AES-128-CBC with a zero IV
    /// (no IV chaining, unlike Ultralight C), ′ a rotation left by one byte. The card's RndA′ is
    /// compared in constant time. On success the protected pages are open until the tag is
    /// selected again.
    ///
    /// - Parameter challenge: RndA, 16 bytes; fresh random ones unless a test injects its own.
    /// - Throws: `.aesAuthenticationRefused` when the card NAKs (a wrong key, a clone, or
    ///   AUTHLIM used up; the tag then needs selecting again); `.aesCardNotAuthenticated`
    ///   when its answer does not prove this challenge; `.exchange` with a malformed answer
    ///   for a part that is not `AF`/`00` and 16 bytes; `.unsupported` on another product or
    ///   for a challenge that is not 16 bytes.
    public func authenticate(aesKey key: AESKey, number: UltralightAESKey = .dataProtection, challenge: [UInt8] = Type2Tag.freshAESChallenge())
        throws(Type2Error)
    {
        guard product == .ultralightAES else { throw .unsupported(.command(.aesAuthentication, product: product)) }
        guard challenge.count == Self.aesChallengeLength else { throw .unsupported(.challengeLength(challenge.count)) }
        let zero = [UInt8](repeating: 0, count: AESKey.length)
        let first = try aesAuthenticationPart([0x1A, number.rawValue], number: number, marker: 0xAF, step: "AES AUTHENTICATE part 1 (key \(number.rawValue))")
        guard let rndB = key.cbcDecrypt(first, iv: zero), let token = key.cbcEncrypt(challenge + Self.rotated(rndB), iv: zero) else {
            preconditionFailure("whole AES blocks with a 16-byte IV always encrypt")
        }
        let second = try aesAuthenticationPart([0xAF] + token, number: number, marker: 0x00, step: "AES AUTHENTICATE part 2 (key \(number.rawValue))")
        guard let rotatedA = key.cbcDecrypt(second, iv: zero), SignedToken.constantTimeEqual(rotatedA, Self.rotated(challenge)) else {
            throw .aesCardNotAuthenticated(key: number)
        }
    }

    /// Reads and decodes the configuration pages (29h–2Dh). On a card whose AUTH0 protects them
    /// with PROT set, only after ``authenticate(aesKey:number:challenge:)``.
    public func readUltralightAESConfiguration() throws(Type2Error) -> UltralightAESConfiguration {
        guard product == .ultralightAES else { throw .unsupported(.command(.aesAuthentication, product: product)) }
        let first = UltralightAESConfiguration.firstPage
        let bytes = try read(pages: first..<UltralightAESConfiguration.keyLockPage + 1)
        guard let configuration = UltralightAESConfiguration(pages: bytes) else {
            throw .exchange(.transport(TransportFailure(.malformedAnswer, "\(bytes.count) configuration bytes")), step: "reading the configuration pages")
        }
        return configuration
    }

    /// Writes `key` into the pages of key `number` (DataProtKey or UIDRetrKey), byte-reversed as
    /// the card stores it. The card takes it only when the key is not locked and, with AUTH0
    /// below the key pages, after authentication; the key pages never read back, so nothing
    /// is verified here: authenticate with the new key to check it.
    @discardableResult
    public func write(aesKey key: AESKey, number: UltralightAESKey) throws(Type2Error) -> WriteResult {
        guard product == .ultralightAES, let first = number.firstPage else {
            throw .unsupported(.command(.aesAuthentication, product: product))
        }
        for (offset, page) in UltralightAESKey.pages(storing: key).enumerated() {
            try write(page: first + offset, page, step: "WRITE key \(number.rawValue) page \(first + offset)")
        }
        return WriteResult(pagesWritten: 4, pagesVerified: 0)
    }

    /// One part of the authentication: the answer's 16-byte cryptogram after its `marker`.
    private func aesAuthenticationPart(_ command: [UInt8], number: UltralightAESKey, marker: UInt8, step: String) throws(Type2Error) -> [UInt8] {
        let answer: [UInt8]
        do throws(Type2Error) { answer = try send(command, step: step, expecting: 1 + Self.aesChallengeLength) } catch {
            if case .exchange(.negativeAcknowledgement, _) = error { throw .aesAuthenticationRefused(key: number) }
            throw error
        }
        guard answer[0] == marker else {
            throw .exchange(.transport(TransportFailure(.malformedAnswer, "answer starts \(Hex.encode([answer[0]])), not \(Hex.encode([marker]))")), step: step)
        }
        return Array(answer[1...])
    }

    /// `bytes` rotated left by one byte.
    static func rotated(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.dropFirst()) + bytes.prefix(1)
    }
}
