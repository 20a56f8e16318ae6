import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes for the command line, with errors that name the path.
enum FileIO {
    /// Reads a whole file; `-` reads standard input.
    static func read(_ path: String) throws(CLIError) -> [UInt8] {
        if path == "-" { return try readAll(.standardInput, name: "standard input") }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly)
        } catch {
            throw .noInput("cannot open \(path): \(error)")
        }
        defer { try? descriptor.close() }
        return try readAll(descriptor, name: path)
    }

    /// Reads standard input to its end.
    static func readStandardInput() throws(CLIError) -> [UInt8] {
        try readAll(.standardInput, name: "standard input")
    }

    /// True when standard input is a terminal (nothing piped in).
    static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Writes `bytes` to a file, replacing it; `-` writes to standard output.
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        do {
            if path == "-" {
                try FileDescriptor.standardOutput.writeAll(bytes)
                return
            }
            let descriptor = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .truncate],
                permissions: [.ownerReadWrite, .groupRead, .otherRead])
            try descriptor.closeAfter { _ = try descriptor.writeAll(bytes) }
        } catch {
            throw .io("cannot write \(path): \(error)")
        }
    }

    private static func readAll(_ descriptor: FileDescriptor, name: String) throws(CLIError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        do {
            while true {
                let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
                if count == 0 { return bytes }
                bytes.append(contentsOf: buffer[..<count])
            }
        } catch {
            throw .io("cannot read \(name): \(error)")
        }
    }
}

/// Standard error, for messages.
enum StandardError {
    /// Writes `text` to standard error.
    static func write(_ text: String) {
        _ = try? FileDescriptor.standardError.writeAll(Array(text.utf8))
    }
}
