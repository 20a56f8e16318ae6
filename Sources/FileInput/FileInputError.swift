import SystemPackage

/// Why an input file could not be read: it names the file and, for a limit, the limit.
public struct FileInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// `open(2)` failed with this errno.
        case cannotOpen(Errno)
        /// `read(2)` or `fstat(2)` failed with this errno.
        case cannotRead(Errno)
        /// The file holds more than the limit allows.
        case tooLarge(InputLimit)
        /// Line `line` (from 1) is longer than `limit` bytes.
        case lineTooLong(line: Int, limit: InputLimit)
    }

    /// The file (a path, or `standard input`).
    public var name: String
    /// What went wrong.
    public var reason: Reason

    /// An error about `name`.
    public init(name: String, _ reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// True when the file does not exist (ENOENT, ENOTDIR on open).
    public var isMissing: Bool {
        if case .cannotOpen(let code) = reason { return code == .noSuchFileOrDirectory || code == .notDirectory }
        return false
    }

    /// True when the file may not be opened or read (EACCES, EPERM).
    public var isPermissionDenied: Bool {
        switch reason {
        case .cannotOpen(let code), .cannotRead(let code): code == .permissionDenied || code == .notPermitted
        case .tooLarge, .lineTooLong: false
        }
    }

    /// True when the file's content broke a limit (the data is bad, not the system).
    public var isOverLimit: Bool {
        switch reason {
        case .tooLarge, .lineTooLong: true
        case .cannotOpen, .cannotRead: false
        }
    }

    /// `cannot open PATH: No such file or directory`, `PATH is larger than N bytes, the limit for …`.
    public var description: String {
        switch reason {
        case .cannotOpen(let code): "cannot open \(name): \(code)"
        case .cannotRead(let code): "cannot read \(name): \(code)"
        case .tooLarge(let limit): "\(name) is larger than \(limit.bytes) bytes, the limit for \(limit.what)"
        case .lineTooLong(let line, let limit):
            "\(name):\(line): the line is longer than \(limit.bytes) bytes, the limit for \(limit.what)"
        }
    }
}
