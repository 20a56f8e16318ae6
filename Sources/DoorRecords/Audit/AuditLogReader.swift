import Basics
import FileInput
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// One line of the audit log as stored, and what it says.
public struct AuditLogLine: Equatable, Sendable {
    /// The line as stored, without its newline.
    public var text: String
    /// The decoded entry.
    public var entry: AuditEntry

    /// A line.
    public init(text: String, entry: AuditEntry) {
        self.text = text
        self.entry = entry
    }
}

/// Reads an audit log with its rotated files, oldest first: `path.N` … `path.1`, then `path`,
/// one line at a time, in constant memory whatever the files' sizes. A line that does not
/// decode is skipped and counted; a line longer than `lineLimit` stops the reading (such a
/// file is not an audit log), and so does a log none of whose lines decodes.
public struct AuditLogReader {
    /// The longest line read, 1 MiB: an entry is a few hundred bytes, and one quoting a whole
    /// tag or a long configuration message stays far below this.
    public static let lineLimit = InputLimit(bytes: 1 << 20, for: "an audit log line")

    /// The current file.
    public let path: String

    /// A reader of the log whose current file is `path`.
    public init(path: String) {
        self.path = path
    }

    /// The files that exist, oldest first: every rotated file `path.N` in the directory (a
    /// missing number hides none of the older files), then `path`.
    public func files() -> [String] {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let numbers = ((try? DirectoryEntries.names(in: PathText.directory(of: path))) ?? []).compactMap { entry -> Int? in
            guard entry.hasPrefix(name + "."), entry.count > name.count + 1 else { return nil }
            let digits = entry.dropFirst(name.count + 1)
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0" else { return nil }
            return ASCIINumber.parse(digits, as: Int.self)
        }
        return numbers.sorted(by: >).map { AuditLog.rotatedPath(path, $0) } + (exists(path) ? [path] : [])
    }

    /// Calls `body` with every line that decodes, oldest first; returns how many were
    /// skipped as corrupt.
    ///
    /// - Throws: when neither the file nor a rotated one exists, one cannot be read, a line is
    ///   longer than `lineLimit`, or there are lines but none of them decodes.
    public func forEachLine(_ body: (AuditLogLine) -> Void) throws(AuditLogReadError) -> Int {
        let files = files()
        guard !files.isEmpty else { throw AuditLogReadError(path: path, code: .noSuchFileOrDirectory) }
        var corrupt = 0, decoded = 0
        for file in files {
            try Self.forEachRawLine(in: file) { bytes, _ in
                guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
                guard let text = String(validating: bytes, as: UTF8.self),
                      let entry = try? AuditEntry(jsonLine: text)
                else {
                    corrupt += 1
                    return true
                }
                decoded += 1
                body(AuditLogLine(text: text, entry: entry))
                return true
            }
        }
        guard decoded > 0 || corrupt == 0 else {
            throw AuditLogReadError(path: path, problem: "none of its \(corrupt) line\(corrupt == 1 ? " is an audit entry" : "s is an audit entry"): is it an audit log?")
        }
        return corrupt
    }

    private func exists(_ file: String) -> Bool {
        var status = stat()
        return stat(file, &status) == 0
    }

    /// Calls `body` with each line's bytes of one file (a last line without a newline included)
    /// and whether a newline ended it, until `body` returns false; memory is bounded by
    /// `lineLimit` whatever the file's size.
    static func forEachRawLine(in file: String, _ body: (ArraySlice<UInt8>, Bool) -> Bool) throws(AuditLogReadError) {
        do throws(FileInputError) {
            var lines = LineReader(try InputFile.open(file), lineLimit: lineLimit)
            while let line = try lines.next(), body(line, lines.lineEndedWithLineFeed) {}
        } catch {
            switch error.reason {
            case .cannotOpen(let code), .cannotRead(let code): throw AuditLogReadError(path: file, code: code)
            case .tooLarge, .lineTooLong: throw AuditLogReadError(path: file, problem: "\(error)")
            }
        }
    }
}

/// An audit log file that could not be opened or read, or whose content is not an audit log.
public struct AuditLogReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Why it could not be read.
    public var reason: Reason

    /// Why an audit log could not be read.
    public enum Reason: Equatable, Sendable {
        /// Opening or reading it failed (`.noSuchFileOrDirectory`: there is no log).
        case system(Errno)
        /// Its content is not an audit log: what is wrong with it.
        case content(String)
    }

    /// A file that could not be opened or read.
    public init(path: String, code: Errno) {
        self.path = path
        reason = .system(code)
    }

    /// A file whose content is not an audit log.
    public init(path: String, problem: String) {
        self.path = path
        reason = .content(problem)
    }

    /// What is wrong with the content, when that is the problem.
    public var problem: String? {
        if case .content(let problem) = reason { problem } else { nil }
    }

    public var description: String {
        switch reason {
        case .content(let problem): "cannot read the audit log \(path): \(problem)"
        case .system(let code): "cannot read the audit log \(path): \(code) (errno \(code.rawValue))"
        }
    }
}
