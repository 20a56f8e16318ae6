/// The lines of an input file, one at a time, in memory bounded by a line length limit
/// whatever the file's size: a file of any length is read in constant memory.
public struct LineReader {
    private let file: InputFile
    private let limit: InputLimit
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// The number of the line `next()` returned last (from 1).
    public private(set) var lineNumber = 0
    /// False when the line `next()` returned last ended with the file, not with a line feed
    /// (a partial last line).
    public private(set) var lineEndedWithLineFeed = true

    /// Lines of `file`, none longer than `limit` bytes (without the line feed).
    public init(_ file: InputFile, lineLimit limit: InputLimit) {
        self.file = file
        self.limit = limit
        buffer = [UInt8](repeating: 0, count: max(limit.bytes + 1, 1 << 16))
    }

    /// The next line without its line feed (a last line without one included); nil at the end.
    ///
    /// - Throws: `.lineTooLong` naming the line, or a read error.
    public mutating func next() throws(FileInputError) -> ArraySlice<UInt8>? {
        var scanned = start
        while true {
            if let newline = buffer[scanned..<end].firstIndex(of: 0x0A) {
                lineNumber += 1
                guard newline - start <= limit.bytes else { throw tooLong() }
                lineEndedWithLineFeed = true
                defer { start = newline + 1 }
                return buffer[start..<newline]
            }
            guard end - start <= limit.bytes else {
                lineNumber += 1
                throw tooLong()
            }
            scanned = end
            if atEnd {
                guard start < end else { return nil }
                lineNumber += 1
                lineEndedWithLineFeed = false
                defer { start = end }
                return buffer[start..<end]
            }
            try fill(&scanned)
        }
    }

    /// Moves the unread bytes to the front and reads more after them.
    private mutating func fill(_ scanned: inout Int) throws(FileInputError) {
        if start > 0 {
            let pending = end - start
            for offset in 0..<pending { buffer[offset] = buffer[start + offset] }
            scanned -= start
            end = pending
            start = 0
        }
        let count = try file.read(into: &buffer, at: end..<buffer.count)
        if count == 0 { atEnd = true }
        end += count
    }

    private func tooLong() -> FileInputError {
        FileInputError(name: file.name, .lineTooLong(line: lineNumber, limit: limit))
    }
}
