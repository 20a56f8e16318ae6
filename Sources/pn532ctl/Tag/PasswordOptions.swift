import ArgumentParser
import Crypto
import DoorControl
import NFCCore

/// Where a tag's password comes from: `--password HEX` (8 hex digits) or `--secret-file FILE`
/// (PWD and PACK derived per tag as HMAC-SHA256(secret, UID): bytes 0-3 and 4-5).
struct PasswordOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The password, 8 hex digits.", valueName: "HEX"))
    var password: String?

    @Option(help: ArgumentHelp("The PACK the tag answers, 4 hex digits (with --password; default 0000).", valueName: "HEX"))
    var pack: String?

    @Option(name: .customLong("secret-file"), help: ArgumentHelp(
        "Derive PWD and PACK per tag as HMAC-SHA256(secret, UID); the file must not be readable by group or others.",
        valueName: "FILE"))
    var secretFile: String?

    func validate() throws {
        if password != nil, secretFile != nil { throw ValidationError("give --password HEX or --secret-file FILE, not both") }
        if password == nil, pack != nil { throw ValidationError("--pack goes with --password; --secret-file derives it") }
    }

    /// True when a password or a secret file was given.
    var isGiven: Bool { password != nil || secretFile != nil }

    /// For the commands that need a password: a usage error when none was given.
    func require() throws {
        guard isGiven else { throw ValidationError("give --password HEX or --secret-file FILE") }
    }

    /// The password and PACK for the tag with `uid`.
    func credentials(uid: [UInt8]) throws(CLIError) -> (password: [UInt8], acknowledge: [UInt8]) {
        if let password {
            let bytes = try Hex.decode(password)
            let acknowledge = try pack.map { text throws(CLIError) in try Hex.decode(text) } ?? [0, 0]
            guard bytes.count == 4 else { throw .usage("--password must be 4 bytes (8 hex digits)") }
            guard acknowledge.count == 2 else { throw .usage("--pack must be 2 bytes (4 hex digits)") }
            return (bytes, acknowledge)
        }
        return Self.derive(secret: try Self.readSecret(secretFile ?? ""), uid: uid)
    }

    /// PWD and PACK for the tag with `uid`: HMAC-SHA256(secret, UID), bytes 0-3 and 4-5.
    static func derive(secret: [UInt8], uid: [UInt8]) -> (password: [UInt8], acknowledge: [UInt8]) {
        let mac = Array(HMAC<SHA256>.authenticationCode(for: uid, using: SymmetricKey(data: secret)))
        return (Array(mac[0..<4]), Array(mac[4..<6]))
    }

    /// Reads a secret or key file by the door's rules (`KeyFile`): a regular file only its
    /// owner may read, 16 to 4096 bytes, at least 8 different byte values.
    static func readSecret(_ path: String) throws(CLIError) -> [UInt8] {
        do throws(ConfigError) { return try KeyFile.read(path) } catch { throw CLIError(error) }
    }
}
