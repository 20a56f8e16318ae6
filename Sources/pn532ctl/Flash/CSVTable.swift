/// A CSV file read as RFC 4180 describes it: a header row, then rows of the same number of
/// fields; fields separated by commas; rows ended by CRLF or LF; a field in double quotes may
/// hold commas, line breaks and doubled quotes (`""` for `"`).
struct CSVTable: Equatable {
    /// The header's column names.
    var header: [String]
    /// The data rows, each with one field per column.
    var rows: [[String]]

    /// Parses `text`; a UTF-8 byte order mark and a last line break are ignored.
    ///
    /// - Throws: `CSVError` naming the line: a quote that is never closed, a quote inside an
    ///   unquoted field, text after a closing quote, or a row whose field count differs from
    ///   the header's.
    init(parsing text: String) throws(CSVError) {
        var records = try CSVTable.records(text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text)
        guard !records.isEmpty else { throw CSVError(line: 1, reason: "the file is empty: a header row is needed") }
        header = records.removeFirst().fields
        for record in records where record.fields.count != header.count {
            throw CSVError(line: record.line, reason: "\(record.fields.count) fields, the header has \(header.count)")
        }
        rows = records.map(\.fields)
    }

    /// The index of the column `name`, nil when there is none.
    func columnIndex(_ name: String) -> Int? {
        header.firstIndex(of: name)
    }

    /// The records of `text` with the line each starts on; blank lines between rows are skipped.
    private static func records(_ text: String) throws(CSVError) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var state = State.fieldStart
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        func endRecord() {
            fields.append(field)
            if fields != [""] { records.append((recordLine, fields)) }
            fields = []
            field = ""
            state = .fieldStart
        }
        while let scalar = pending {
            pending = scalars.next()
            switch (state, scalar) {
            case (.quoted, "\""):
                if pending == "\"" {
                    field.unicodeScalars.append("\"")
                    pending = scalars.next()
                } else {
                    state = .afterQuote
                }
            case (.quoted, _):
                if scalar == "\n" { line += 1 }
                field.unicodeScalars.append(scalar)
            case (.fieldStart, "\""):
                state = .quoted
            case (_, ","):
                fields.append(field)
                field = ""
                state = .fieldStart
            case (_, "\r") where pending == "\n":
                continue
            case (_, "\n"):
                endRecord()
                line += 1
                recordLine = line
            case (.afterQuote, _):
                throw CSVError(line: line, reason: "text after a closing quote (a field is either all quoted or not at all)")
            case (_, "\""):
                throw CSVError(line: line, reason: "a quote inside an unquoted field (quote the whole field and double the quote)")
            default:
                field.unicodeScalars.append(scalar)
                state = .unquoted
            }
        }
        guard state != .quoted else { throw CSVError(line: recordLine, reason: "a quoted field is never closed") }
        if state != .fieldStart || !fields.isEmpty { endRecord() }
        return records
    }

    private enum State {
        case fieldStart, unquoted, quoted, afterQuote
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
