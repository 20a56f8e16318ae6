import Credentials

/// An EV2 authenticated session (NTAG 424 DNA, DESFire EV2/EV3 in AES mode): the key that
/// authenticated, the transaction identifier, the session keys and the command counter.
///
/// Pure: it wraps a command and unwraps an answer, and ``advance()`` counts a command the
/// card accepted; ``EV2Card`` owns the exchange. Vectors: reference type4-ntag424.md §9.
public struct EV2Session: Hashable, Sendable {
    /// The key number that authenticated.
    public let keyNumber: UInt8
    /// TI, the 4-byte transaction identifier from AuthenticateEV2First.
    public let transactionIdentifier: [UInt8]
    /// SesAuthENCKey.
    public let encryptionKey: AESKey
    /// SesAuthMACKey.
    public let macKey: AESKey
    /// CmdCtr: the commands the card has accepted since AuthenticateEV2First.
    public private(set) var commandCounter: UInt16

    /// The length of a truncated MAC (MACt).
    public static let macLength = 8

    /// A session of these values (AuthenticateEV2First builds one; a test may too).
    public init(keyNumber: UInt8, transactionIdentifier: [UInt8], encryptionKey: AESKey, macKey: AESKey, commandCounter: UInt16 = 0) {
        self.keyNumber = keyNumber
        self.transactionIdentifier = transactionIdentifier
        self.encryptionKey = encryptionKey
        self.macKey = macKey
        self.commandCounter = commandCounter
    }

    /// The session keys of an authentication with `key`, challenges `rndA` and `rndB` (16 bytes
    /// each): CMAC(key, SV1) and CMAC(key, SV2), SV = `A55A|5AA5 0001 0080 ‖ ctx`, ctx =
    /// `RndA[0..1] ‖ (RndA[2..7] ⊕ RndB[0..5]) ‖ RndB[6..15] ‖ RndA[8..15]` ([DS] §9.1.7).
    static func sessionKeys(key: AESKey, rndA: [UInt8], rndB: [UInt8]) -> (encryption: AESKey, mac: AESKey) {
        let context = Array(rndA[0..<2]) + zip(rndA[2..<8], rndB[0..<6]).map { $0 ^ $1 } + Array(rndB[6..<16]) + Array(rndA[8..<16])
        let label: [UInt8] = [0x00, 0x01, 0x00, 0x80]
        let encryption = key.cmac([0xA5, 0x5A] + label + context)
        let mac = key.cmac([0x5A, 0xA5] + label + context)
        return (AESKey.from(block: encryption), AESKey.from(block: mac))
    }

    /// True when the counter has no command left: CmdCtr FFFF fails on the card as a wrong MAC.
    public var isExhausted: Bool { commandCounter == .max }

    /// Counts one command the card accepted.
    mutating func advance() {
        commandCounter &+= 1
    }

    /// CmdCtr, or CmdCtr + 1 for an answer, LSB first.
    private func counterBytes(response: Bool) -> [UInt8] {
        let value = response ? commandCounter &+ 1 : commandCounter
        return [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    /// MACt: the bytes at odd indices 1, 3, … 15 of CMAC(SesAuthMACKey, `input`).
    func truncatedMAC(_ input: [UInt8]) -> [UInt8] {
        macKey.truncatedCMAC(input)
    }

    /// The IV of command data (`A55A ‖ TI ‖ CmdCtr ‖ 0⁸`) or of answer data (`5AA5 ‖ TI ‖ CmdCtr+1 ‖ 0⁸`),
    /// encrypted with SesAuthENCKey.
    func iv(response: Bool) -> [UInt8] {
        let label: [UInt8] = response ? [0x5A, 0xA5] : [0xA5, 0x5A]
        return encryptionKey.encrypt(block: label + transactionIdentifier + counterBytes(response: response) + [UInt8](repeating: 0, count: 8))
    }

    /// The command data of `instruction` in `mode`: `header ‖ data` in plain; `header ‖ data ‖
    /// MACt` in MAC mode; `header ‖ E(data ‖ 80 00…) ‖ MACt` in full mode (data padded always,
    /// a whole block when it is whole blocks already; no data, no ciphertext). The MAC covers
    /// `INS ‖ CmdCtr ‖ TI ‖ header ‖ (cipher)data`.
    public func wrap(instruction: UInt8, header: [UInt8], data: [UInt8], mode: CommunicationMode) -> [UInt8] {
        switch mode {
        case .plain:
            return header + data
        case .mac, .full:
            var body = data
            if mode == .full, !data.isEmpty {
                var padded = data + [0x80]
                padded += [UInt8](repeating: 0, count: (AESKey.length - padded.count % AESKey.length) % AESKey.length)
                body = encryptionKey.cbcEncrypt(padded, iv: iv(response: false)) ?? []
            }
            let mac = truncatedMAC([instruction] + counterBytes(response: false) + transactionIdentifier + header + body)
            return header + body + mac
        }
    }

    /// The answer data of a command the card accepted (`91 00`), in `mode`: plain as it is;
    /// in MAC and full mode the MACt (over `00 ‖ CmdCtr+1 ‖ TI ‖ data`) checked in constant
    /// time, then in full mode the data decrypted and its `80 00…` padding removed strictly.
    ///
    /// - Throws: `.wrongMAC`, `.malformedAnswer` (too short, not whole blocks, bad padding).
    public func unwrap(_ answer: [UInt8], mode: CommunicationMode, step: String) throws(EV2Error) -> [UInt8] {
        guard mode != .plain else { return answer }
        guard answer.count >= Self.macLength else {
            throw .malformedAnswer("\(answer.count) bytes, too few for its 8-byte MAC", step: step)
        }
        let body = Array(answer.prefix(answer.count - Self.macLength))
        let mac = Array(answer.suffix(Self.macLength))
        let expected = truncatedMAC([0x00] + counterBytes(response: true) + transactionIdentifier + body)
        guard constantTimeEqual(mac, expected) else { throw .wrongMAC(step: step) }
        guard mode == .full, !body.isEmpty else { return body }
        guard body.count % AESKey.length == 0, let plain = encryptionKey.cbcDecrypt(body, iv: iv(response: true)) else {
            throw .malformedAnswer("\(body.count) encrypted bytes, not whole 16-byte blocks", step: step)
        }
        guard let end = Self.paddingStart(plain) else {
            throw .malformedAnswer("the decrypted answer does not end in 80 00… padding", step: step)
        }
        return Array(plain[..<end])
    }

    /// Where ISO/IEC 9797-1 method 2 padding starts: the last `80`, followed by zeros only,
    /// within the last block; nil when there is no such padding.
    static func paddingStart(_ plain: [UInt8]) -> Int? {
        var index = plain.count - 1
        while index >= 0, index >= plain.count - AESKey.length {
            switch plain[index] {
            case 0x00: index -= 1
            case 0x80: return index
            default: return nil
            }
        }
        return nil
    }
}

/// True when `a` and `b` are equal, in a time that depends on their lengths only.
func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
}

extension AESKey {
    /// The key of a block this layer computed (a CMAC): always 16 bytes.
    static func from(block: [UInt8]) -> AESKey {
        guard let key = AESKey(block) else { preconditionFailure("a CMAC is 16 bytes") }
        return key
    }
}
