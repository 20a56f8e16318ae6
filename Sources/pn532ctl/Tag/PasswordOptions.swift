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
        if let password { _ = try Self.bytes(password, option: "--password", count: 4) }
        if let pack { _ = try Self.bytes(pack, option: "--pack", count: 2) }
    }

    /// The bytes of an option's hex value, which must be `count` bytes: a usage error naming
    /// the option and what it takes when it is not (`--password xyz12345: …`).
    static func bytes(_ text: String, option: String, count: Int) throws(ValidationError) -> [UInt8] {
        let bytes: [UInt8]
        do throws(CLIError) { bytes = try Hex.decode(text) } catch {
            throw ValidationError("\(option) \(text): \(error.message); give \(count) bytes as \(count * 2) hex digits")
        }
        guard bytes.count == count else {
            throw ValidationError("\(option) must be \(count) bytes (\(count * 2) hex digits), not \(bytes.count)")
        }
        return bytes
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
            do throws(ValidationError) {
                let bytes = try Self.bytes(password, option: "--password", count: 4)
                let acknowledge = try pack.map { text throws(ValidationError) in try Self.bytes(text, option: "--pack", count: 2) } ?? [0, 0]
                return (bytes, acknowledge)
            } catch {
                throw .usage(error.message)
            }
        }
        return TagPassword.derive(secret: try SecretFile.commandLineRead(secretFile ?? "", noun: "secret file"), uid: uid)
    }
}
