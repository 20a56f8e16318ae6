import Credentials
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// AES key files: 16 raw bytes, or 32 hex digits and an optional newline, private to the owner.
@Suite("AES key files")
struct AESKeyFileTests {
    static let key = hex("00112233445566778899AABBCCDDEEFF")

    @Test("raw, hex, hex with a newline and with CR LF are read; lower case too")
    func accepted() throws {
        let directory = try TemporaryDirectory()
        #expect(try AESKeyFile.read(directory.write("raw.key", Self.key, mode: 0o600)).bytes == Self.key)
        #expect(try AESKeyFile.read(directory.write("hex.key", "00112233445566778899AABBCCDDEEFF", mode: 0o600)).bytes == Self.key)
        #expect(try AESKeyFile.read(directory.write("lf.key", "00112233445566778899aabbccddeeff\n", mode: 0o600)).bytes == Self.key)
        #expect(try AESKeyFile.read(directory.write("crlf.key", "00112233445566778899AABBCCDDEEFF\r\n", mode: 0o600)).bytes == Self.key)
        let zero = try AESKeyFile.read(directory.write("zero.key", [UInt8](repeating: 0, count: 16), mode: 0o600))
        #expect(zero.isFactoryDefault)
    }

    @Test("other contents are refused, naming the file and the two forms", arguments: [
        "00112233445566778899AABBCCDDEEFF00", "00112233445566778899AABBCCDDEEFG",
        "00112233445566778899AABBCCDDEEFF\n\n", " 00112233445566778899AABBCCDDEEFF",
    ])
    func refused(text: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bad.key", text, mode: 0o600)
        #expect {
            try AESKeyFile.read(path, noun: "master key file")
        } throws: { error in
            guard let error = error as? SecretFileError else { return false }
            return error.kind == .invalid && error.message.hasPrefix("master key file \(path) holds \(text.utf8.count) bytes: an AES-128 key file holds the 16 key bytes raw, or 32 hex digits")
        }
    }

    @Test("16 hex digits are half a hex key, not 16 raw bytes")
    func halfAHexKey() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("half.key", "0011223344556677", mode: 0o600)
        #expect(throws: SecretFileError(.invalid, "AES key file \(path) holds 16 hex digits: half an AES-128 key, which is 32 hex digits (or the 16 bytes raw)")) {
            try AESKeyFile.read(path)
        }
        #expect(AESKeyFile.key(in: Array("0011223344556677".utf8)) == nil)
    }

    @Test("a key file group or others may read is refused, a missing one named")
    func permissions() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("open.key", Self.key, mode: 0o644)
        #expect(throws: SecretFileError(.permission, "AES key file \(path) is readable by group or others: chmod 600 it (or chgrp pn532ctl and chmod 640: the door's group may read it)")) {
            try AESKeyFile.read(path)
        }
        let shared = try directory.write("door-group.key", Self.key, mode: 0o640)
        #expect(try AESKeyFile.read(shared, doorGroup: getegid()).bytes == Self.key)
        let writable = try directory.write("group-writable.key", Self.key, mode: 0o660)
        #expect { try AESKeyFile.read(writable, doorGroup: getegid()) } throws: { ($0 as? SecretFileError)?.kind == .permission }
        #expect { try AESKeyFile.read("\(directory.path)/none.key") } throws: { ($0 as? SecretFileError)?.kind == .missingFile }
        let big = try directory.write("big.key", [UInt8](repeating: 0x41, count: 100), mode: 0o600)
        #expect { try AESKeyFile.read(big) } throws: { ($0 as? SecretFileError)?.kind == .invalid }
    }
}
