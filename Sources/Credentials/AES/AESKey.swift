import Crypto
import CryptoExtras

/// An AES-128 key: exactly 16 bytes, with the block function, CBC without padding and CMAC
/// (NIST SP 800-38B) that NXP's EV2 secure messaging, SUN and AN10922 diversification build on.
public struct AESKey: Hashable, Sendable, CustomStringConvertible {
    /// The AES block size and the key length, in bytes.
    public static let length = 16

    /// The key's 16 bytes.
    public let bytes: [UInt8]

    /// The key of `bytes`; nil unless there are exactly 16.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count == Self.length else { return nil }
        self.bytes = bytes
    }

    /// The all-zero key every NXP card leaves the factory with.
    public static let factoryDefault = AESKey(zeroKey: ())

    private init(zeroKey: Void) {
        bytes = [UInt8](repeating: 0, count: Self.length)
    }

    /// True for the all-zero factory key, which anyone can use.
    public var isFactoryDefault: Bool { bytes.allSatisfy { $0 == 0 } }

    /// "AES key", never the key itself: a key printed by accident in a log is no longer a key.
    public var description: String { "AES key" }

    /// AES(key, `block`), one 16-byte block.
    ///
    /// - Precondition: `block` holds 16 bytes (every caller passes a block it built).
    public func encrypt(block: [UInt8]) -> [UInt8] {
        permute(block, inverse: false)
    }

    /// AES⁻¹(key, `block`), one 16-byte block.
    ///
    /// - Precondition: `block` holds 16 bytes.
    public func decrypt(block: [UInt8]) -> [UInt8] {
        permute(block, inverse: true)
    }

    /// AES-CBC encryption of `data`, no padding; nil unless `data` is whole blocks and `iv` one.
    public func cbcEncrypt(_ data: [UInt8], iv: [UInt8]) -> [UInt8]? {
        guard data.count % Self.length == 0, iv.count == Self.length else { return nil }
        var chain = iv
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        for start in stride(from: 0, to: data.count, by: Self.length) {
            chain = encrypt(block: xor(Array(data[start..<start + Self.length]), chain))
            output += chain
        }
        return output
    }

    /// AES-CBC decryption of `data`, no padding removed; nil unless `data` is whole blocks and
    /// `iv` one.
    public func cbcDecrypt(_ data: [UInt8], iv: [UInt8]) -> [UInt8]? {
        guard data.count % Self.length == 0, iv.count == Self.length else { return nil }
        var chain = iv
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        for start in stride(from: 0, to: data.count, by: Self.length) {
            let block = Array(data[start..<start + Self.length])
            output += xor(decrypt(block: block), chain)
            chain = block
        }
        return output
    }

    /// The CMAC subkeys K1 and K2 (SP 800-38B §6.1).
    public var cmacSubkeys: (k1: [UInt8], k2: [UInt8]) {
        let k1 = Self.doubled(encrypt(block: [UInt8](repeating: 0, count: Self.length)))
        return (k1, Self.doubled(k1))
    }

    /// AES-CMAC of `message`, all 16 bytes (SP 800-38B, RFC 4493).
    public func cmac(_ message: [UInt8]) -> [UInt8] {
        let (k1, k2) = cmacSubkeys
        var blocks = message
        let isWhole = !message.isEmpty && message.count % Self.length == 0
        if !isWhole {
            blocks.append(0x80)
            blocks += [UInt8](repeating: 0, count: (Self.length - blocks.count % Self.length) % Self.length)
        }
        let lastStart = blocks.count - Self.length
        let last = xor(Array(blocks[lastStart...]), isWhole ? k1 : k2)
        return cbcMACLastBlock(Array(blocks[..<lastStart]) + last)
    }

    /// The last block of AES-CBC(`blocks`, IV 0): a CBC-MAC over whole blocks.
    ///
    /// - Precondition: `blocks` is a non-empty whole number of blocks.
    func cbcMACLastBlock(_ blocks: [UInt8]) -> [UInt8] {
        var chain = [UInt8](repeating: 0, count: Self.length)
        for start in stride(from: 0, to: blocks.count, by: Self.length) {
            chain = encrypt(block: xor(Array(blocks[start..<start + Self.length]), chain))
        }
        return chain
    }

    private func permute(_ block: [UInt8], inverse: Bool) -> [UInt8] {
        precondition(block.count == Self.length, "an AES block is 16 bytes")
        var output = block
        let key = SymmetricKey(data: bytes)
        do {
            if inverse { try AES.inversePermute(&output, key: key) } else { try AES.permute(&output, key: key) }
        } catch {
            preconditionFailure("AES-128 with a 16-byte key and a 16-byte block cannot fail: \(error)")
        }
        return output
    }

    /// The block shifted left one bit, XORed with Rb (0x87) when the top bit fell off.
    private static func doubled(_ block: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: block.count)
        for index in block.indices {
            let carry = index + 1 < block.count ? block[index + 1] >> 7 : 0
            output[index] = block[index] << 1 | carry
        }
        if let first = block.first, first & 0x80 != 0 { output[block.count - 1] ^= 0x87 }
        return output
    }
}

/// `a` XOR `b`, byte by byte, as long as the shorter.
func xor(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    zip(a, b).map { $0 ^ $1 }
}
