/// Why a TOML document could not be read, and where (1-based line and byte column).
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line of the problem.
    public var line: Int
    /// The column of the problem, in bytes from the start of the line.
    public var column: Int
    /// What is wrong, in words.
    public var message: String

    /// An error at `line`, `column`.
    public init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE:COLUMN: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
