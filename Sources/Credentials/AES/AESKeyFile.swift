import Basics
import FileInput

#if canImport(Glibc)
import Glibc
#endif

/// The one reader of AES-128 key files (a site master key, a card key): the 16 key bytes raw,
/// or as 32 hex digits with an optional final newline, in a regular file only its owner (and
/// the door's group, ``DoorAccountGroup``) may read. The all-zero factory key is read like any
/// other: ``AESKey/isFactoryDefault`` says so, and each user decides (the door refuses it; a tool warns that anyone can forge with it).
public enum AESKeyFile {
    /// The most bytes read: 32 hex digits and a CR LF.
    static let limit = InputLimit(bytes: 64, for: "an AES key file")

    /// The key in the file at `path`.
    ///
    /// - Parameters:
    ///   - noun: what the file is, for messages (`master key file`).
    ///   - doorGroup: the group that may read the file (``DoorAccountGroup/id()`` unless a test says).
    /// - Throws: `.missingFile`, `.permission`, `.unreadable` as ``SecretFile/read(_:noun:doorGroup:)``;
    ///   `.invalid` for a file that is not 16 raw bytes or 32 hex digits (and a newline).
    public static func read(_ path: String, noun: String = "AES key file", doorGroup: gid_t? = DoorAccountGroup.id()) throws(SecretFileError) -> AESKey {
        let bytes = try SecretFile.readPrivate(path, noun: noun, limit: limit, doorGroup: doorGroup)
        guard !isHexText(bytes) || bytes.count != AESKey.length else {
            throw SecretFileError(.invalid, "\(noun) \(path) holds 16 hex digits: half an AES-128 key, which is 32 hex digits (or the 16 bytes raw)")
        }
        guard let key = key(in: bytes) else {
            throw SecretFileError(
                .invalid,
                "\(noun) \(path) holds \(bytes.count) bytes: an AES-128 key file holds the 16 key bytes raw, or 32 hex digits and an optional newline"
            )
        }
        return key
    }

    /// The key `bytes` hold: 16 raw bytes (not all hex digits: that is half a hex key), or 32
    /// hex digits then nothing, `\n` or `\r\n`.
    public static func key(in bytes: [UInt8]) -> AESKey? {
        if bytes.count == AESKey.length { return isHexText(bytes) ? nil : AESKey(bytes) }
        var text = bytes[...]
        if text.last == 0x0A { text = text.dropLast() }
        if text.last == 0x0D { text = text.dropLast() }
        guard text.count == 2 * AESKey.length, let decoded = Hex.bytes(String(decoding: text, as: UTF8.self)) else { return nil }
        return AESKey(decoded)
    }

    /// True when every byte is a hex digit (a random 16-byte key is that by a chance of 10⁻¹⁷).
    private static func isHexText(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { Hex.digitValue($0) != nil }
    }
}
