import FileInput

/// Why a secret file was refused: what kind of problem, and a message naming the file.
public struct SecretFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: Hashable, Sendable {
        /// There is no file at the path.
        case missingFile
        /// The file cannot be opened, or group or others may read it.
        case permission
        /// Not a regular file, or its contents are not a usable key.
        case invalid
        /// Reading it failed.
        case unreadable
    }

    /// What kind of problem.
    public var kind: Kind
    /// The message, naming the file.
    public var message: String

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The error for a file that could not be opened or read.
    init(_ error: FileInputError) {
        if error.isMissing {
            self.init(.missingFile, "cannot open \(error.name): no such file (make a key: pn532ctl key new \(error.name))")
        } else if error.isPermissionDenied {
            self.init(.permission, "cannot open \(error.name): permission denied")
        } else if error.isOverLimit {
            self.init(.invalid, "\(error)")
        } else {
            self.init(.unreadable, "\(error)")
        }
    }

    public var description: String { message }
}
