import Credentials
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The one secret-file reader")
struct SecretFileTests {
    static let key = Array(0..<32).map { UInt8($0) }

    @Test("a private file of 16 bytes or more is read")
    func privateFile() throws {
        let directory = try TemporaryDirectory()
        #expect(try SecretFile.read(directory.write("door.key", Self.key, mode: 0o600)) == Self.key)
        #expect(try SecretFile.read(directory.write("ro.key", Array(Self.key.prefix(16)), mode: 0o400)).count == 16)
    }

    @Test("any permission for others, or for a group not the door's, is refused", arguments: [0o644, 0o640, 0o604, 0o610, 0o601])
    func openToOthers(mode: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.key", Self.key, mode: mode)
        #expect(throws: SecretFileError(.permission, "key file \(path) is readable by group or others: chmod 600 it (or chgrp pn532ctl and chmod 640: the door's group may read it)")) {
            try SecretFile.read(path)
        }
    }

    @Test("root:pn532ctl 0640: a key the door's group may read, and not write, is read")
    func readableByTheDoorsGroup() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.key", Self.key, mode: 0o640)
        #expect(try SecretFile.read(path, doorGroup: getegid()) == Self.key)
        #expect(throws: SecretFileError(.permission, "key file \(path) is readable by group or others: chmod 600 it (or chgrp pn532ctl and chmod 640: the door's group may read it)")) {
            try SecretFile.read(path, doorGroup: getegid() &+ 1)
        }
    }

    @Test("the door's group may not write the key, nor others read it", arguments: [0o660, 0o620, 0o650, 0o644, 0o641])
    func doorsGroupMayOnlyRead(mode: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.key", Self.key, mode: mode)
        #expect {
            try SecretFile.read(path, doorGroup: getegid())
        } throws: { error in
            (error as? SecretFileError)?.kind == .permission
        }
    }

    @Test("short, missing and non-regular key files are refused")
    func otherRefusals() throws {
        let directory = try TemporaryDirectory()
        let short = try directory.write("short.key", Array(Self.key.prefix(15)), mode: 0o600)
        #expect {
            try SecretFile.read(short)
        } throws: { error in
            guard let error = error as? SecretFileError else { return false }
            return error.kind == .invalid && error.message.hasPrefix("key file \(short) holds 15 bytes; a key needs at least 16")
        }
        #expect(throws: SecretFileError(.missingFile, "cannot open \(directory.path)/none.key: no such file (make a key: pn532ctl key new \(directory.path)/none.key)")) {
            try SecretFile.read("\(directory.path)/none.key")
        }
        #expect(throws: SecretFileError(.invalid, "key file /dev/null is not a regular file")) {
            try SecretFile.read("/dev/null")
        }
    }

    @Test("a key of few different byte values is refused; a text key is only flagged")
    func lowEntropy() throws {
        let directory = try TemporaryDirectory()
        let repeated = try directory.write("repeated.key", Array(repeating: 0x5A, count: 32), mode: 0o600)
        #expect {
            try SecretFile.read(repeated)
        } throws: { error in
            (error as? SecretFileError)?.message.hasPrefix("key file \(repeated) holds only 1 different byte values: it is guessable") == true
        }
        let text = Array("0123456789abcdef0123456789abcdef".utf8)
        #expect(try SecretFile.read(directory.write("hex.key", text, mode: 0o600)) == text)
        #expect(SecretFile.looksLikeText(text))
        #expect(!SecretFile.looksLikeText(Self.key))
    }
}
