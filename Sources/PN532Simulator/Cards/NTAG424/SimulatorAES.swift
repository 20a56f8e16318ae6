/// AES-128 (FIPS-197) as the simulated cards compute it: one block at a time, CBC without
/// padding, and AES-CMAC (NIST SP 800-38B, RFC 4493). The simulator is the oracle the host-side
/// secure messaging is tested against, so it has its own copy and imports none of the host's
/// cryptography.
package struct SimulatorAES: Equatable, Sendable {
    /// The 11 round keys, 16 bytes each, one after the other.
    private let roundKeys: [UInt8]

    /// The cipher for a 16-byte `key` (shorter keys are padded with zeros, longer ones cut).
    package init(key: [UInt8]) {
        var words = SimulatedTag.padded(key, to: 16)
        var constant: UInt8 = 0x01
        while words.count < 176 {
            var word = Array(words[(words.count - 4)...])
            if words.count % 16 == 0 {
                word = [Self.sBox[Int(word[1])] ^ constant, Self.sBox[Int(word[2])], Self.sBox[Int(word[3])], Self.sBox[Int(word[0])]]
                constant = Self.times2(constant)
            }
            let previous = words.count - 16
            words += (0..<4).map { word[$0] ^ words[previous + $0] }
        }
        roundKeys = words
    }

    /// The S-box, built from the multiplicative inverse in GF(2⁸) and the affine map.
    static let sBox: [UInt8] = {
        var box = [UInt8](repeating: 0x63, count: 256)
        var p: UInt8 = 1
        var q: UInt8 = 1
        repeat {
            p = p ^ (p << 1) ^ (p & 0x80 != 0 ? 0x1B : 0)
            q ^= q << 1
            q ^= q << 2
            q ^= q << 4
            if q & 0x80 != 0 { q ^= 0x09 }
            let rotated = q ^ rotl(q, 1) ^ rotl(q, 2) ^ rotl(q, 3) ^ rotl(q, 4)
            box[Int(p)] = rotated ^ 0x63
        } while p != 1
        return box
    }()

    /// The inverse S-box.
    static let inverseSBox: [UInt8] = {
        var box = [UInt8](repeating: 0, count: 256)
        for (index, value) in sBox.enumerated() { box[Int(value)] = UInt8(index) }
        return box
    }()

    private static func rotl(_ value: UInt8, _ count: UInt8) -> UInt8 { value << count | value >> (8 - count) }

    /// Multiplication by x in GF(2⁸) modulo x⁸ + x⁴ + x³ + x + 1.
    private static func times2(_ value: UInt8) -> UInt8 { value << 1 ^ (value & 0x80 != 0 ? 0x1B : 0) }

    /// Multiplication in GF(2⁸).
    private static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var result: UInt8 = 0
        var a = a
        var b = b
        while b != 0 {
            if b & 1 != 0 { result ^= a }
            a = times2(a)
            b >>= 1
        }
        return result
    }

    private func addRoundKey(_ state: inout [UInt8], _ round: Int) {
        for index in 0..<16 { state[index] ^= roundKeys[round * 16 + index] }
    }

    /// One 16-byte block enciphered (a shorter block is padded with zeros).
    package func encrypt(block: [UInt8]) -> [UInt8] {
        var state = SimulatedTag.padded(block, to: 16)
        addRoundKey(&state, 0)
        for round in 1...10 {
            state = state.map { Self.sBox[Int($0)] }
            state = (0..<16).map { state[$0 % 4 + 4 * (($0 / 4 + $0 % 4) % 4)] }
            if round < 10 {
                for column in 0..<4 {
                    let c = Array(state[column * 4..<column * 4 + 4])
                    for row in 0..<4 {
                        state[column * 4 + row] = Self.times2(c[row]) ^ Self.times2(c[(row + 1) % 4]) ^ c[(row + 1) % 4] ^ c[(row + 2) % 4] ^ c[(row + 3) % 4]
                    }
                }
            }
            addRoundKey(&state, round)
        }
        return state
    }

    /// One 16-byte block deciphered (a shorter block is padded with zeros).
    package func decrypt(block: [UInt8]) -> [UInt8] {
        var state = SimulatedTag.padded(block, to: 16)
        addRoundKey(&state, 10)
        for round in stride(from: 9, through: 0, by: -1) {
            state = (0..<16).map { state[$0 % 4 + 4 * (($0 / 4 - $0 % 4 + 4) % 4)] }
            state = state.map { Self.inverseSBox[Int($0)] }
            addRoundKey(&state, round)
            if round > 0 {
                for column in 0..<4 {
                    let c = Array(state[column * 4..<column * 4 + 4])
                    for row in 0..<4 {
                        state[column * 4 + row] = Self.multiply(c[row], 0x0E) ^ Self.multiply(c[(row + 1) % 4], 0x0B)
                            ^ Self.multiply(c[(row + 2) % 4], 0x0D) ^ Self.multiply(c[(row + 3) % 4], 0x09)
                    }
                }
            }
        }
        return state
    }

    /// AES-CBC encryption of whole blocks (a partial last block is padded with zeros).
    package func encryptCBC(_ data: [UInt8], iv: [UInt8] = [UInt8](repeating: 0, count: 16)) -> [UInt8] {
        var chain = iv
        var output: [UInt8] = []
        for start in stride(from: 0, to: data.count, by: 16) {
            let block = SimulatedTag.padded(Array(data[start..<min(data.count, start + 16)]), to: 16)
            chain = encrypt(block: (0..<16).map { block[$0] ^ chain[$0] })
            output += chain
        }
        return output
    }

    /// AES-CBC decryption of whole blocks (a partial last block is padded with zeros).
    package func decryptCBC(_ data: [UInt8], iv: [UInt8] = [UInt8](repeating: 0, count: 16)) -> [UInt8] {
        var chain = iv
        var output: [UInt8] = []
        for start in stride(from: 0, to: data.count, by: 16) {
            let block = SimulatedTag.padded(Array(data[start..<min(data.count, start + 16)]), to: 16)
            let plain = decrypt(block: block)
            output += (0..<16).map { plain[$0] ^ chain[$0] }
            chain = block
        }
        return output
    }

    /// The CMAC subkeys K1 and K2 (NIST SP 800-38B §6.1).
    var cmacSubkeys: (first: [UInt8], second: [UInt8]) {
        let first = Self.doubled(encrypt(block: [UInt8](repeating: 0, count: 16)))
        return (first, Self.doubled(first))
    }

    /// AES-CMAC of `message` (16 bytes).
    package func cmac(_ message: [UInt8]) -> [UInt8] {
        let (first, second) = cmacSubkeys
        let complete = !message.isEmpty && message.count % 16 == 0
        var last = complete ? Array(message.suffix(16)) : Array(message.suffix(message.count % 16)) + [0x80]
        last = SimulatedTag.padded(last, to: 16)
        let subkey = complete ? first : second
        last = (0..<16).map { last[$0] ^ subkey[$0] }
        let leading = complete ? message.count - 16 : message.count - message.count % 16
        let chained = encryptCBC(Array(message.prefix(leading)) + last)
        return Array(chained.suffix(16))
    }

    /// NXP AN10922 AES-128 key diversification of this (master) key for input `m` (1 … 31
    /// bytes): `01 ‖ M` padded with `80 00…` to 32 bytes, its last block XORed with K2 (K1 when
    /// it fills 32 bytes unpadded), the last block of its CBC-MAC.
    package func diversified(_ m: [UInt8]) -> [UInt8] {
        var d = Array(([0x01] + m).prefix(32))
        let full = d.count == 32
        if !full { d = SimulatedTag.padded(d + [0x80], to: 32) }
        let subkey = full ? cmacSubkeys.first : cmacSubkeys.second
        let last = (0..<16).map { d[16 + $0] ^ subkey[$0] }
        return Array(encryptCBC(Array(d[0..<16]) + last).suffix(16))
    }

    /// The 8-byte MAC of EV2 secure messaging and SDM: the bytes at odd indices of the CMAC.
    package func truncatedMAC(_ message: [UInt8]) -> [UInt8] {
        let full = cmac(message)
        return stride(from: 1, to: 16, by: 2).map { full[$0] }
    }

    /// CMAC subkey doubling: shift left one bit, XOR 87 when the top bit falls out.
    private static func doubled(_ block: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 {
            let carry = index < 15 ? block[index + 1] >> 7 : 0
            result[index] = block[index] << 1 | carry
        }
        if block[0] & 0x80 != 0 { result[15] ^= 0x87 }
        return result
    }
}
