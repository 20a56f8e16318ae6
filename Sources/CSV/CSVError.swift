import FileInput

/// Why a CSV file could not be read.
public struct CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line (from 1) where the problem is.
    public var line: Int
    /// What is wrong there.
    public var reason: String

    /// An error at `line`.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}

/// Why CSV records could not be read: the file, or what it holds.
public enum CSVReadError: Error, Equatable, Sendable {
    /// Reading the file failed.
    case file(FileInputError)
    /// The content is not CSV within the limits.
    case csv(CSVError)
}
