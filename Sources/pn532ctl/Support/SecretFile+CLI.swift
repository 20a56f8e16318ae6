import ArgumentParser
import Credentials

extension SecretFile {
    /// A key or secret file named on the command line, by the door's rules (`SecretFile.read`).
    ///
    /// - Throws: the refusal with its exit status: 66 missing, 77 permission, 65 not a usable
    ///   key, 74 a failed read.
    static func commandLineRead(_ path: String, noun: String = "key file") throws(CLIError) -> [UInt8] {
        do throws(SecretFileError) { return try read(path, noun: noun) } catch {
            let code: ExitCode = switch error.kind {
            case .invalid: .dataError
            case .missingFile: .noInput
            case .permission: ExitCode(77)
            case .unreadable: .ioError
            }
            throw CLIError(message: error.message, exitCode: code)
        }
    }
}
