import Credentials
import DESFire
import ISO7816

/// AuthenticateEV2First and AuthenticateEV2NonFirst in AES mode ([DS] §9.1.5–9.1.7,
/// reference type4-ntag424.md §4).
extension EV2Card {
    /// The length of the challenges RndA and RndB.
    public static let challengeLength = 16

    /// A fresh random challenge RndA from the system's generator.
    public static func freshChallenge() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<challengeLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// AuthenticateEV2First with key `keyNumber` (0 … 15 in bits 5..0): proves the card holds
    /// `key`, then opens a new session (new TI, CmdCtr 0).
    ///
    /// - Parameter challenge: RndA, 16 bytes; fresh random ones unless a test injects its own.
    /// - Throws: ``EV2Error``: `.status(.authenticationError)` for a wrong key;
    ///   `.cardNotAuthenticated` when the card's proof is not of this challenge; the others
    ///   as ``transceive(_:header:data:mode:step:)``. No session after any of them.
    public func authenticateFirst(keyNumber: UInt8, key: AESKey, challenge: [UInt8] = EV2Card.freshChallenge()) throws(EV2Error) {
        let step = "AuthenticateEV2First key \(keyNumber)"
        endSession()
        let proof = try authenticate(0x71, [keyNumber, 0x00], key: key, challenge: challenge, proofLength: 32, step: step)
        guard let plain = key.cbcDecrypt(proof.cryptogram, iv: Self.zeroIV) else {
            throw .malformedAnswer("\(proof.cryptogram.count) bytes, not whole blocks", step: step)
        }
        guard constantTimeEqual(Array(plain[4..<20]), Self.rotated(challenge)) else { throw .cardNotAuthenticated(step: step) }
        let keys = EV2Session.sessionKeys(key: key, rndA: challenge, rndB: proof.rndB)
        session = EV2Session(
            keyNumber: keyNumber, transactionIdentifier: Array(plain[0..<4]), encryptionKey: keys.encryption, macKey: keys.mac)
    }

    /// AuthenticateEV2NonFirst with key `keyNumber` inside the open session: new session keys,
    /// the same TI, the command counter kept.
    ///
    /// - Throws: as ``authenticateFirst(keyNumber:key:challenge:)``; `.notAuthenticated` with
    ///   no session (nothing sent).
    public func authenticateNonFirst(keyNumber: UInt8, key: AESKey, challenge: [UInt8] = EV2Card.freshChallenge()) throws(EV2Error) {
        let step = "AuthenticateEV2NonFirst key \(keyNumber)"
        guard let current = session else { throw .notAuthenticated(step: step) }
        session = nil
        let proof = try authenticate(0x77, [keyNumber], key: key, challenge: challenge, proofLength: 16, step: step)
        guard let plain = key.cbcDecrypt(proof.cryptogram, iv: Self.zeroIV) else {
            throw .malformedAnswer("\(proof.cryptogram.count) bytes, not whole blocks", step: step)
        }
        guard constantTimeEqual(plain, Self.rotated(challenge)) else { throw .cardNotAuthenticated(step: step) }
        let keys = EV2Session.sessionKeys(key: key, rndA: challenge, rndB: proof.rndB)
        session = EV2Session(
            keyNumber: keyNumber, transactionIdentifier: current.transactionIdentifier, encryptionKey: keys.encryption, macKey: keys.mac,
            commandCounter: current.commandCounter)
    }

    /// The two parts: `instruction parameters` → E(K, RndB) `91 AF`; `AF E(K, RndA ‖ RndB′)` →
    /// the card's cryptogram (`proofLength` bytes) `91 00`.
    private func authenticate(
        _ instruction: UInt8, _ parameters: [UInt8], key: AESKey, challenge: [UInt8], proofLength: Int, step: String
    ) throws(EV2Error) -> (rndB: [UInt8], cryptogram: [UInt8]) {
        guard challenge.count == Self.challengeLength else {
            throw .invalidArgument("a challenge of \(challenge.count) bytes, RndA is \(Self.challengeLength)", step: step)
        }
        let first = try transmit(instruction, parameters, step: step)
        let firstStatus = DESFireStatus(rawValue: first.status.sw2)
        guard firstStatus == .additionalFrame else {
            if firstStatus == .ok { throw .malformedAnswer("91 00 where the card sends its challenge with 91 AF", step: step) }
            throw .status(firstStatus, step: step)
        }
        guard first.data.count == Self.challengeLength, let rndB = key.cbcDecrypt(first.data, iv: Self.zeroIV) else {
            throw .malformedAnswer("a challenge of \(first.data.count) bytes, E(K, RndB) is \(Self.challengeLength)", step: step)
        }
        guard let token = key.cbcEncrypt(challenge + Self.rotated(rndB), iv: Self.zeroIV) else {
            preconditionFailure("RndA ‖ RndB′ is two blocks")
        }
        let cryptogram = try send(DESFireStatus.additionalFrame.rawValue, token, step: step)
        guard cryptogram.count == proofLength else {
            throw .malformedAnswer("a proof of \(cryptogram.count) bytes, \(proofLength) expected", step: step)
        }
        return (rndB, cryptogram)
    }

    /// All-zero IV: every authentication-time encryption uses it.
    static let zeroIV = [UInt8](repeating: 0, count: 16)

    /// `bytes` rotated left by one byte (RndA′, RndB′).
    static func rotated(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.dropFirst()) + Array(bytes.prefix(1))
    }
}
