import FileInput

#if canImport(Glibc)
import Glibc
#endif

/// The one reader of secret files: the door's token key (`security.key_file`), the key that
/// `token issue` and `flash --key` sign with, and the secret tag passwords are derived from.
/// Whoever reads the file can open the door, so it must be a regular file its owner alone may
/// read, and hold enough bytes of enough different values to be a key.
public enum SecretFile {
    /// The fewest bytes a key may have.
    public static let minimumLength = 16
    /// The most bytes a key file may have (HMAC-SHA256 hashes a longer key to 32 bytes anyway).
    public static let sizeLimit = InputLimit(bytes: 4096, for: "a key file")
    /// The fewest different byte values a key may hold (a repeated character has 1).
    public static let minimumDistinctBytes = 8

    /// The file's bytes.
    ///
    /// - Parameter noun: what the file is, for messages (`key file`, `secret file`).
    /// - Throws: `.missingFile` when there is no file; `.permission` when it cannot be read or
    ///   when group or others have any permission on it (`chmod 600` fixes that); `.invalid`
    ///   when it is not a regular file, holds fewer than 16 bytes or more than 4096, or fewer
    ///   than 8 different byte values; `.unreadable` when reading fails.
    public static func read(_ path: String, noun: String = "key file") throws(SecretFileError) -> [UInt8] {
        let key = try readPrivate(path, noun: noun, limit: sizeLimit)
        guard key.count >= minimumLength else {
            throw SecretFileError(.invalid, "\(noun) \(path) holds \(key.count) bytes; a key needs at least \(minimumLength) (pn532ctl key new --force \(path) makes a random one)")
        }
        guard Set(key).count >= minimumDistinctBytes else {
            throw SecretFileError(.invalid, "\(noun) \(path) holds only \(Set(key).count) different byte values: it is guessable, not a key (pn532ctl key new --force \(path) makes a random one)")
        }
        return key
    }

    /// The bytes of a regular file only its owner may read, at most `limit`; the contents are
    /// the caller's to check.
    ///
    /// - Throws: as ``read(_:noun:)``, except for what the bytes hold.
    static func readPrivate(_ path: String, noun: String, limit: InputLimit) throws(SecretFileError) -> [UInt8] {
        let file: InputFile, status: stat
        do throws(FileInputError) {
            file = try InputFile.open(path)
            status = try file.status()
        } catch {
            throw SecretFileError(error)
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw SecretFileError(.invalid, "\(noun) \(path) is not a regular file") }
        guard status.st_mode & 0o077 == 0 else {
            throw SecretFileError(.permission, "\(noun) \(path) is readable by group or others: chmod 600 it")
        }
        do throws(FileInputError) { return try file.readAll(limit: limit) } catch { throw SecretFileError(error) }
    }

    /// True when every byte is printable ASCII or white space: a passphrase or hex text,
    /// not random bytes.
    public static func looksLikeText(_ key: [UInt8]) -> Bool {
        key.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
