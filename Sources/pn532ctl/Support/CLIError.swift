import ArgumentParser
import NDEF

/// An error the command line reports with a message and an exit code (sysexits.h values).
struct CLIError: Error {
    /// What went wrong and, where it helps, what to do.
    var message: String
    /// The process exit code.
    var exitCode: ExitCode
    /// The kind `--json` reports; nil: the exit code's (`ErrorKind(exitCode:)`).
    var kind: ErrorKind? = nil

    /// An error saying `message`, exiting with `exitCode`, of the exit code's kind unless `kind` names another.
    init(message: String, exitCode: ExitCode, kind: ErrorKind? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.kind = kind
    }

    /// Bad command-line usage (exit 64).
    static func usage(_ message: String) -> CLIError {
        CLIError(message: message, exitCode: .usage)
    }

    /// A missing confirmation (exit 64, as every usage error): `what` needs `--yes`, in
    /// one line (not the usage text), before anything is done.
    static func needsConfirmation(_ what: String) -> CLIError {
        .usage("\(what): add --yes to confirm")
    }

    /// The tag refused what was asked (a wrong password, a NAK, a locked tag): exit 1, kind `refused`.
    static func refused(_ message: String) -> CLIError {
        CLIError(message: message, exitCode: .failure, kind: .refused)
    }

    /// Bad input data (exit 65).
    static func data(_ message: String) -> CLIError {
        CLIError(message: message, exitCode: .dataError)
    }

    /// An input file that cannot be opened (exit 66).
    static func noInput(_ message: String) -> CLIError {
        CLIError(message: message, exitCode: .noInput)
    }

    /// No permission, or a secret others may read (exit 77).
    static func permission(_ message: String) -> CLIError {
        CLIError(message: message, exitCode: .noPermission)
    }

    /// A failed read or write (exit 74).
    static func io(_ message: String) -> CLIError {
        CLIError(message: message, exitCode: .ioError)
    }

    /// Bad NDEF data, with where it was found and an optional hint.
    static func ndef(_ error: NDEFError, in context: String, hint: String) -> CLIError {
        .data("\(context): \(error)\(hint)")
    }
}

extension ExitCode {
    /// EX_USAGE.
    static let usage = ExitCode(64)
    /// EX_DATAERR.
    static let dataError = ExitCode(65)
    /// EX_NOINPUT.
    static let noInput = ExitCode(66)
    /// EX_UNAVAILABLE.
    static let unavailable = ExitCode(69)
    /// EX_IOERR.
    static let ioError = ExitCode(74)
    /// EX_NOPERM.
    static let noPermission = ExitCode(77)
}
