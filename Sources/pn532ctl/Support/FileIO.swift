import ArgumentParser
import FileInput
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes for the command line, with errors that name the path. Reads
/// go through `InputFile`, always with a limit.
enum FileIO {
    /// Opens a file for reading; `-` is standard input.
    static func open(_ path: String) throws(CLIError) -> InputFile {
        if path == "-" { return InputFile.standardInput() }
        do throws(FileInputError) { return try InputFile.open(path) } catch { throw cliError(error) }
    }

    /// Reads a whole file of at most `limit`; `-` reads standard input.
    static func read(_ path: String, limit: InputLimit) throws(CLIError) -> [UInt8] {
        let file = try open(path)
        do throws(FileInputError) { return try file.readAll(limit: limit) } catch { throw cliError(error) }
    }

    /// Reads standard input to its end, at most `limit`.
    static func readStandardInput(limit: InputLimit) throws(CLIError) -> [UInt8] {
        try read("-", limit: limit)
    }

    /// True when standard input is a terminal (nothing piped in).
    static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The command-line error for an input that could not be read: 66 when it cannot be
    /// opened, 77 without permission, 65 past a limit, 74 for a failed read.
    static func cliError(_ error: FileInputError) -> CLIError {
        if error.isPermissionDenied { return CLIError(message: "\(error)", exitCode: ExitCode(77)) }
        if error.isOverLimit { return .data("\(error)") }
        if case .cannotOpen = error.reason { return .noInput("\(error)") }
        return .io("\(error)")
    }

    /// Writes `bytes` to a file, replacing it; `-` writes to standard output.
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        do throws(Errno) { try FileDescriptor.write(bytes, toPath: path) } catch {
            throw .io("cannot write \(path): \(error)")
        }
    }
}

/// Standard error, for messages.
enum StandardError {
    /// Writes `text` to standard error.
    static func write(_ text: String) {
        try? FileDescriptor.standardError.writeEverything(Array(text.utf8))
    }
}
