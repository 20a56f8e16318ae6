import ArgumentParser
import Credentials

extension SecretFile {
    /// A key or secret file named on the command line, by the door's rules (`SecretFile.read`).
    ///
    /// - Throws: the refusal with its exit status: 66 missing, 77 permission, 65 not a usable
    ///   key, 74 a failed read.
    static func commandLineRead(_ path: String, noun: String = "key file") throws(CLIError) -> [UInt8] {
        do throws(SecretFileError) { return try read(path, noun: noun) } catch { throw error.commandLineError }
    }
}

extension AESKeyFile {
    /// An AES key file named on the command line (`AESKeyFile.read`).
    ///
    /// - Throws: the refusal with its exit status, as ``SecretFile/commandLineRead(_:noun:)``.
    static func commandLineRead(_ path: String, noun: String) throws(CLIError) -> AESKey {
        do throws(SecretFileError) { return try read(path, noun: noun) } catch { throw error.commandLineError }
    }
}

extension SecretFileError {
    /// The refusal with its exit status: 66 missing, 77 permission, 65 not a usable key, 74 a
    /// failed read.
    var commandLineError: CLIError {
        let code: ExitCode = switch kind {
        case .invalid: .dataError
        case .missingFile: .noInput
        case .permission: ExitCode(77)
        case .unreadable: .ioError
        }
        return CLIError(message: message, exitCode: code)
    }
}
