import FileInput

/// A CSV file read as RFC 4180 describes it: a header row, then rows of the same number of
/// fields; fields separated by commas; rows ended by CRLF or LF; a field in double quotes may
/// hold commas, line breaks and doubled quotes (`""` for `"`). It is read a record at a time
/// (`CSVReader`) and kept within `rowLimit` rows and `byteLimit` bytes of fields.
public struct CSVTable: Equatable, Sendable {
    /// The most data rows a table may have (one tag each).
    public static let rowLimit = 100_000
    /// The most bytes of fields a table may hold in all.
    public static let byteLimit = 16 << 20

    /// The header's column names.
    public var header: [String]
    /// The data rows, each with one field per column.
    public var rows: [[String]]

    /// Parses `text`; a UTF-8 byte order mark and a last line break are ignored.
    ///
    /// - Throws: `CSVError` naming the line: a quote that is never closed, a quote inside an
    ///   unquoted field, text after a closing quote, a column name the header gives twice, a
    ///   row whose field count differs from the header's, or a limit passed.
    public init(parsing text: String) throws(CSVError) {
        var reader = CSVReader(text: text)
        do throws(CSVReadError) {
            try self.init(reader: &reader)
        } catch {
            switch error {
            case .csv(let error): throw error
            case .file(let error): throw CSVError(line: 1, reason: "\(error)")
            }
        }
    }

    /// Reads `file` a record at a time (its bytes need not fit in memory: only the table does).
    ///
    /// - Throws: `.csv` naming the line for bad content or a limit passed (the errors of
    ///   `init(parsing:)`), `.file` when reading fails.
    public init(reading file: InputFile) throws(CSVReadError) {
        var reader = CSVReader(file: file)
        try self.init(reader: &reader)
    }

    private init(reader: inout CSVReader) throws(CSVReadError) {
        guard let first = try reader.next() else { throw .csv(CSVError(line: 1, reason: "the file is empty: a header row is needed")) }
        header = first.fields
        for (index, name) in header.enumerated() {
            if let earlier = header[..<index].firstIndex(of: name) {
                throw .csv(CSVError(line: first.line, reason: "the header names column \(earlier + 1) and column \(index + 1) both \"\(name)\": give each column its own name"))
            }
        }
        rows = []
        var bytes = header.reduce(0) { $0 + $1.utf8.count }
        while let record = try reader.next() {
            guard record.fields.count == header.count else {
                throw .csv(CSVError(line: record.line, reason: "\(record.fields.count) fields, the header has \(header.count)"))
            }
            guard rows.count < Self.rowLimit else {
                throw .csv(CSVError(line: record.line, reason: "more than \(Self.rowLimit) rows, the limit for a CSV file"))
            }
            bytes += record.fields.reduce(0) { $0 + $1.utf8.count }
            guard bytes <= Self.byteLimit else {
                throw .csv(CSVError(line: record.line, reason: "more than \(Self.byteLimit) bytes of fields, the limit for a CSV file"))
            }
            rows.append(record.fields)
        }
    }

    /// The index of the column `name`, nil when there is none.
    public func columnIndex(_ name: String) -> Int? {
        header.firstIndex(of: name)
    }
}
