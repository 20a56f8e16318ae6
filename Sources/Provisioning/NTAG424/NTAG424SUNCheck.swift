import Basics
import Credentials

/// Provisioning's own check of one SUN read back from a card it keyed: PICCData decrypted
/// with the PICCData key (tag C7, the card's UID, SDMReadCtr), SDMMAC recomputed from key 1's
/// session key, `{enc}` decrypted to the file data ([DS] §9.3, reference type4-ntag424.md §6).
///
/// Kept minimal on purpose: it knows only the layout ``NTAG424SUNTemplate`` writes, and no
/// replay store. It is to be replaced by the shared SUN verifier of the Credentials target
/// (`pn532ctl sun verify`) once that is on main: one implementation of each job.
public enum NTAG424SUNCheck {
    /// What a SUN read back does not show.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Checks the mirrored `image` (the file from offset 0, as an unauthenticated read returns
    /// it) of the card with `uid`, keyed with `keys`, against `template`; the SDMReadCtr it
    /// carries.
    public static func verify(_ image: [UInt8], template: NTAG424SUNTemplate, uid: [UInt8], keys: NTAG424Keys) throws(Failure) -> Int {
        let picc = try hexField(image, at: template.piccDataOffset, digits: 32, name: "PICCData")
        let plain = keys.piccKey.decrypt(block: picc)
        guard plain[0] == 0xC7 else {
            throw Failure(description: "PICCData does not decrypt under the PICCData key (tag \(Hex.encode([plain[0]])), C7 expected)")
        }
        guard Array(plain[1..<8]) == uid else {
            throw Failure(description: "PICCData names UID \(Hex.encode(Array(plain[1..<8]))), not the card's \(Hex.encode(uid))")
        }
        let counter = Array(plain[8..<11])
        let fileKey = keys.key(NTAG424Keys.sdmFileRead, uid: uid)
        let macKey = AESKey(fileKey.cmac([0x3C, 0xC3, 0x00, 0x01, 0x00, 0x80] + uid + counter))
        let mac = try hexField(image, at: template.macOffset, digits: 16, name: "SDMMAC")
        let input = Array(image[min(template.macInputOffset, template.macOffset)..<template.macOffset])
        guard let macKey, equal(mac, truncated(macKey.cmac(input))) else {
            throw Failure(description: "the SDMMAC does not verify under key 1's session key")
        }
        if let offset = template.encryptionOffset, let data = template.fileData {
            let cipher = try hexField(image, at: offset, digits: 32, name: "encrypted file data")
            guard let encKey = AESKey(fileKey.cmac([0xC3, 0x3C, 0x00, 0x01, 0x00, 0x80] + uid + counter)),
                  encKey.cbcDecrypt(cipher, iv: encKey.encrypt(block: counter + [UInt8](repeating: 0, count: 13))) == data
            else {
                throw Failure(description: "the encrypted file data does not decrypt to --file-data")
            }
        }
        return Int(counter[0]) | Int(counter[1]) << 8 | Int(counter[2]) << 16
    }

    /// The bytes of `digits` upper-case hex digits at `offset` of `image`.
    private static func hexField(_ image: [UInt8], at offset: Int, digits: Int, name: String) throws(Failure) -> [UInt8] {
        guard offset >= 0, offset <= image.count - digits,
              let bytes = Hex.bytes(String(decoding: image[offset..<offset + digits], as: UTF8.self)), bytes.count == digits / 2
        else {
            throw Failure(description: "the card's file holds no \(name) (\(digits) hex digits) at offset \(offset)")
        }
        return bytes
    }

    /// MACt: the bytes at odd indices of a CMAC.
    private static func truncated(_ cmac: [UInt8]) -> [UInt8] {
        stride(from: 1, to: cmac.count, by: 2).map { cmac[$0] }
    }

    /// Equal, without stopping at the first difference.
    private static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
