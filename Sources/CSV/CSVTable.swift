import FileInput

/// A CSV file read as RFC 4180 describes it: a header row, then rows of the same number of
/// fields; fields separated by commas; rows ended by CRLF or LF; a field in double quotes may
/// hold commas, line breaks and doubled quotes (`""` for `"`). It is read a record at a time
/// (`CSVReader`) and kept within `rowLimit` rows and `byteLimit` bytes of fields.
struct CSVTable: Equatable {
    /// The most data rows a table may have (one tag each).
    static let rowLimit = 100_000
    /// The most bytes of fields a table may hold in all.
    static let byteLimit = 16 << 20

    /// The header's column names.
    var header: [String]
    /// The data rows, each with one field per column.
    var rows: [[String]]

    /// Parses `text`; a UTF-8 byte order mark and a last line break are ignored.
    ///
    /// - Throws: `CSVError` naming the line: a quote that is never closed, a quote inside an
    ///   unquoted field, text after a closing quote, a row whose field count differs from
    ///   the header's, or a limit passed.
    init(parsing text: String) throws(CSVError) {
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

    /// Reads the CSV file at `path` (`-`: standard input) a record at a time.
    ///
    /// - Throws: 66/77/74 when it cannot be read, 65 naming the file and line for bad content.
    static func read(_ path: String) throws(CLIError) -> CSVTable {
        var reader = CSVReader(file: try FileIO.open(path))
        do throws(CSVReadError) {
            return try CSVTable(reader: &reader)
        } catch {
            switch error {
            case .csv(let error): throw .data("\(path): \(error)")
            case .file(let error): throw FileIO.cliError(error)
            }
        }
    }

    private init(reader: inout CSVReader) throws(CSVReadError) {
        guard let first = try reader.next() else { throw .csv(CSVError(line: 1, reason: "the file is empty: a header row is needed")) }
        header = first.fields
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
    func columnIndex(_ name: String) -> Int? {
        header.firstIndex(of: name)
    }
}

/// Writing CSV: fields quoted only when they need it.
enum CSVLine {
    /// One row: fields joined by commas, ended by a line feed. A field holding a comma, a
    /// quote or a line break is put in quotes, its quotes doubled.
    static func make(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\n"
    }

    /// Looks at Unicode scalars, as the reader does, not at characters: a quote followed by a
    /// combining mark is one character but still a quote to the reader.
    private static func quoted(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        var out = "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" { out.unicodeScalars.append(scalar) }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }
}

/// Why a CSV file could not be read.
struct CSVError: Error, Equatable, CustomStringConvertible {
    /// The line (from 1) where the problem is.
    var line: Int
    /// What is wrong there.
    var reason: String

    var description: String { "line \(line): \(reason)" }
}
