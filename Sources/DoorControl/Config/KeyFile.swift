import FileInput

#if canImport(Glibc)
import Glibc
#endif

/// The secret key file (`security.key_file`): tokens are signed with its bytes, so it must be
/// readable by its owner only.
public enum KeyFile {
    /// The fewest bytes a key may have.
    public static let minimumLength = 16
    /// The most bytes a key file may have (HMAC-SHA256 hashes a longer key to 32 bytes anyway).
    public static let sizeLimit = InputLimit(bytes: 4096, for: "a key file")

    /// The key's bytes.
    ///
    /// - Throws: `.missingFile` when there is no file; `.permission` when it cannot be read or
    ///   when group or others have any permission on it (`chmod 600` fixes that); `.invalid`
    ///   when it is not a regular file, holds fewer than 16 bytes or more than 4096.
    public static func read(_ path: String) throws(ConfigError) -> [UInt8] {
        let file: InputFile, status: stat
        do throws(FileInputError) {
            file = try InputFile.open(path)
            status = try file.status()
        } catch {
            throw ConfigFile.configError(error)
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw ConfigError(message: "key file \(path) is not a regular file") }
        guard status.st_mode & 0o077 == 0 else {
            throw ConfigError(.permission, message: "key file \(path) is readable by group or others: chmod 600 it")
        }
        let key: [UInt8]
        do throws(FileInputError) { key = try file.readAll(limit: sizeLimit) } catch { throw ConfigFile.configError(error) }
        guard key.count >= minimumLength else {
            throw ConfigError(message: "key file \(path) holds \(key.count) bytes; a key needs at least \(minimumLength) (head -c 32 /dev/urandom > \(path))")
        }
        guard Set(key).count >= minimumDistinctBytes else {
            throw ConfigError(message: "key file \(path) holds only \(Set(key).count) different byte values: it is guessable, not a key (head -c 32 /dev/urandom > \(path))")
        }
        return key
    }

    /// The fewest different byte values a key may hold (a repeated character has 1).
    public static let minimumDistinctBytes = 8

    /// True when every byte is printable ASCII or white space: a passphrase or hex text,
    /// not random bytes.
    public static func looksLikeText(_ key: [UInt8]) -> Bool {
        key.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
