import FileInput

#if canImport(Glibc)
import Glibc
#endif

/// The one reader of secret files: the door's token key (`security.key_file`), the key that
/// `token issue` and `flash --key` sign with, and the secret tag passwords are derived from.
/// Whoever reads the file can open the door, so it must be a regular file its owner alone may
/// read (or its owner and the door's group, ``DoorAccountGroup``: `root:pn532ctl` mode 0640,
/// which the door reads and cannot rewrite), and hold enough bytes of enough different values to be a key.
public enum SecretFile {
    /// The fewest bytes a key may have.
    public static let minimumLength = 16
    /// The most bytes a key file may have (HMAC-SHA256 hashes a longer key to 32 bytes anyway).
    public static let sizeLimit = InputLimit(bytes: 4096, for: "a key file")
    /// The fewest different byte values a key may hold (a repeated character has 1).
    public static let minimumDistinctBytes = 8

    /// The file's bytes.
    ///
    /// - Parameters:
    ///   - noun: what the file is, for messages (`key file`, `secret file`).
    ///   - doorGroup: the group that may read the file (``DoorAccountGroup/id()`` unless a test says).
    /// - Throws: `.missingFile` when there is no file; `.permission` when it cannot be read,
    ///   when others have any permission on it, or its group any but read, or its group is not
    ///   `doorGroup` and has any (`chmod 600` fixes that); `.invalid`
    ///   when it is not a regular file, holds fewer than 16 bytes or more than 4096, or fewer
    ///   than 8 different byte values; `.unreadable` when reading fails.
    public static func read(_ path: String, noun: String = "key file", doorGroup: gid_t? = DoorAccountGroup.id()) throws(SecretFileError) -> [UInt8] {
        let key = try readPrivate(path, noun: noun, limit: sizeLimit, doorGroup: doorGroup)
        guard key.count >= minimumLength else {
            throw SecretFileError(.invalid, "\(noun) \(path) holds \(key.count) bytes; a key needs at least \(minimumLength) (pn532ctl key new --force \(path) makes a random one)")
        }
        guard Set(key).count >= minimumDistinctBytes else {
            throw SecretFileError(.invalid, "\(noun) \(path) holds only \(Set(key).count) different byte values: it is guessable, not a key (pn532ctl key new --force \(path) makes a random one)")
        }
        return key
    }

    /// The bytes of a regular file only its owner (and `doorGroup`) may read, at most `limit`;
    /// the contents are the caller's to check.
    ///
    /// - Throws: as ``read(_:noun:doorGroup:)``, except for what the bytes hold.
    static func readPrivate(_ path: String, noun: String, limit: InputLimit, doorGroup: gid_t?) throws(SecretFileError) -> [UInt8] {
        let file: InputFile, status: stat
        do throws(FileInputError) {
            file = try InputFile.open(path)
            status = try file.status()
        } catch {
            throw SecretFileError(error)
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw SecretFileError(.invalid, "\(noun) \(path) is not a regular file") }
        try checkPermissions(status, of: path, noun: noun, doorGroup: doorGroup)
        do throws(FileInputError) { return try file.readAll(limit: limit) } catch { throw SecretFileError(error) }
    }

    /// Refuses a file others may use, or its group may use other than to read, or a group other
    /// than `doorGroup` may use at all.
    private static func checkPermissions(_ status: stat, of path: String, noun: String, doorGroup: gid_t?) throws(SecretFileError) {
        let others = status.st_mode & 0o007, group = status.st_mode & 0o070
        let fix = "chmod 600 it (or chgrp \(DoorAccountGroup.name) and chmod 640: the door's group may read it)"
        guard others == 0, group == 0 || status.st_gid == doorGroup else {
            throw SecretFileError(.permission, "\(noun) \(path) is readable by group or others: \(fix)")
        }
        guard group == 0 || group == 0o040 else {
            throw SecretFileError(.permission, "\(noun) \(path) is writable or executable by its group: the door's group may only read it (chmod 640 it)")
        }
    }

    /// True when every byte is printable ASCII or white space: a passphrase or hex text,
    /// not random bytes.
    public static func looksLikeText(_ key: [UInt8]) -> Bool {
        key.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
