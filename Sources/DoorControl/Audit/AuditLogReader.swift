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

/// Reads an audit log with its rotated files, oldest first: `path.N` … `path.1`, then `path`.
/// A line that does not decode is skipped and counted; it never stops the reading.
public struct AuditLogReader {
    /// The current file.
    public let path: String

    /// A reader of the log whose current file is `path`.
    public init(path: String) {
        self.path = path
    }

    /// The files that exist, oldest first. Rotated files are numbered from 1 without gaps.
    public func files() -> [String] {
        var rotated: [String] = []
        while exists(AuditLog.rotatedPath(path, rotated.count + 1)) {
            rotated.append(AuditLog.rotatedPath(path, rotated.count + 1))
        }
        return rotated.reversed() + (exists(path) ? [path] : [])
    }

    /// Calls `body` with every line that decodes, oldest first; returns how many were
    /// skipped as corrupt. Throws when neither the file nor a rotated one exists, or one
    /// cannot be read.
    public func forEachLine(_ body: (AuditLogLine) -> Void) throws(AuditLogReadError) -> Int {
        let files = files()
        guard !files.isEmpty else { throw AuditLogReadError(path: path, code: ENOENT) }
        var corrupt = 0
        for file in files {
            try Self.forEachRawLine(in: file) { bytes in
                guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
                guard let text = String(validating: bytes, as: UTF8.self),
                      let entry = try? AuditEntry(jsonLine: text)
                else {
                    corrupt += 1
                    return
                }
                body(AuditLogLine(text: text, entry: entry))
            }
        }
        return corrupt
    }

    private func exists(_ file: String) -> Bool {
        var status = stat()
        return stat(file, &status) == 0
    }

    /// Calls `body` with each line's bytes (a last line without a newline included).
    private static func forEachRawLine(in file: String, _ body: ([UInt8]) -> Void) throws(AuditLogReadError) {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AuditLogReadError(path: file, code: errno) }
        defer { close(descriptor) }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw AuditLogReadError(path: file, code: errno)
            }
            if count == 0 { break }
            var start = 0
            for index in 0..<count where buffer[index] == 0x0A {
                pending.append(contentsOf: buffer[start..<index])
                body(pending)
                pending.removeAll(keepingCapacity: true)
                start = index + 1
            }
            pending.append(contentsOf: buffer[start..<count])
        }
        if !pending.isEmpty { body(pending) }
    }
}

/// An audit log file that could not be opened or read.
public struct AuditLogReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// errno; ENOENT when the log does not exist.
    public var code: Int32

    /// An error.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    public var description: String {
        "cannot read the audit log \(path): \(String(cString: strerror(code))) (errno \(code))"
    }
}
