import FileInput

/// CSV records read one at a time, from a file in chunks or from text, with a bound on every
/// field, every record and the number of records, so that no file (not even `/dev/zero`)
/// can make the reader hold more than those bounds.
public struct CSVReader {
    /// The most bytes a field may have.
    public static let fieldLimit = 4096
    /// The most bytes a record (a row, its separators included) may have.
    public static let recordLimit = 65536
    /// The most fields a record may have.
    public static let fieldCountLimit = 1024

    /// The file read, nil for text.
    private let file: InputFile?
    /// The text, or the file's current chunk; bytes `start..<end` are unread.
    private var bytes: [UInt8]
    private var start = 0
    private var end: Int
    private var line = 1
    /// The line the record being read starts on.
    private var recordLine = 1
    private var started = false

    /// Records of the file, read in chunks.
    public init(file: InputFile) {
        self.file = file
        bytes = [UInt8](repeating: 0, count: 1 << 16)
        end = 0
    }

    /// Records of `text`.
    public init(text: String) {
        file = nil
        bytes = Array(text.utf8)
        end = bytes.count
    }

    /// The next record and the line it starts on; nil at the end. Blank lines are skipped
    /// (a line `""` is a record of one empty field); a UTF-8 byte order mark at the start is
    /// ignored.
    ///
    /// - Throws: `.csv` naming the line: a quote never closed, a quote inside an unquoted
    ///   field, text after a closing quote, a field, record or field count over its limit,
    ///   bytes that are not UTF-8; `.file` when reading fails.
    public mutating func next() throws(CSVReadError) -> (line: Int, fields: [String])? {
        if !started {
            started = true
            _ = try peek()
            if end - start >= 3, bytes[start..<start + 3].elementsEqual([0xEF, 0xBB, 0xBF]) { start += 3 }
        }
        var fields: [String] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        recordLine = line
        var recordBytes = 0
        while let byte = try take() {
            recordBytes += 1
            guard recordBytes <= Self.recordLimit else {
                throw error("a row longer than \(Self.recordLimit) bytes, the limit for a CSV row", atRecord: true)
            }
            switch (state, byte) {
            case (.quoted, UInt8(ascii: "\"")):
                if try peek() == UInt8(ascii: "\"") {
                    _ = try take()
                    try append(UInt8(ascii: "\""), to: &field)
                } else {
                    state = .afterQuote
                }
            case (.quoted, _):
                if byte == UInt8(ascii: "\n") { line += 1 }
                try append(byte, to: &field)
            case (.fieldStart, UInt8(ascii: "\"")):
                state = .quoted
            case (_, UInt8(ascii: ",")):
                try end(&field, into: &fields)
                state = .fieldStart
            case (_, UInt8(ascii: "\r")) where try peek() == UInt8(ascii: "\n"):
                continue
            case (.fieldStart, UInt8(ascii: "\n")) where fields.isEmpty:
                line += 1
                recordLine = line
                recordBytes = 0
            case (_, UInt8(ascii: "\n")):
                line += 1
                try end(&field, into: &fields)
                return (recordLine, fields)
            case (.afterQuote, _):
                throw error("text after a closing quote (a field is either all quoted or not at all)")
            case (_, UInt8(ascii: "\"")):
                throw error("a quote inside an unquoted field (quote the whole field and double the quote)")
            default:
                try append(byte, to: &field)
                state = .unquoted
            }
        }
        guard state != .quoted else { throw error("a quoted field is never closed", atRecord: true) }
        guard state != .fieldStart || !fields.isEmpty else { return nil }
        try end(&field, into: &fields)
        return (recordLine, fields)
    }

    private enum State {
        case fieldStart, unquoted, quoted, afterQuote
    }

    private mutating func append(_ byte: UInt8, to field: inout [UInt8]) throws(CSVReadError) {
        guard field.count < Self.fieldLimit else { throw error("a field longer than \(Self.fieldLimit) bytes, the limit for a CSV field", atRecord: true) }
        field.append(byte)
    }

    private mutating func end(_ field: inout [UInt8], into fields: inout [String]) throws(CSVReadError) {
        guard fields.count < Self.fieldCountLimit else { throw error("more than \(Self.fieldCountLimit) fields in a row, the limit for a CSV row", atRecord: true) }
        guard let text = String(validating: field, as: UTF8.self) else { throw error("a field that is not UTF-8 text", atRecord: true) }
        fields.append(text)
        field.removeAll(keepingCapacity: true)
    }

    /// An error at the current line, or at the line the record starts on.
    private func error(_ reason: String, atRecord: Bool = false) -> CSVReadError {
        .csv(CSVError(line: atRecord ? recordLine : line, reason: reason))
    }

    /// The next byte without consuming it.
    private mutating func peek() throws(CSVReadError) -> UInt8? {
        if start >= end, let file {
            do throws(FileInputError) {
                end = try file.read(into: &bytes, at: 0..<bytes.count)
            } catch {
                throw .file(error)
            }
            start = 0
        }
        return start < end ? bytes[start] : nil
    }

    /// The next byte, consumed.
    private mutating func take() throws(CSVReadError) -> UInt8? {
        guard let byte = try peek() else { return nil }
        start += 1
        return byte
    }
}
