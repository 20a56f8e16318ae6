import ArgumentParser
import Basics
import Credentials
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
        valueName: "FILE"), completion: .file())
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
        return TagPassword.derive(secret: try SecretFile.commandLineRead(secretFile ?? "", noun: "secret file"), uid: uid)
    }
}
