import CSV
import Testing

@Suite("CSV reading and writing (RFC 4180 quoting)")
struct CSVTableTests {
    @Test func plainRowsWithLFOrCRLF() throws {
        let table = try CSVTable(parsing: "name,room\r\nAda,101\nBob,102\n")
        #expect(table.header == ["name", "room"])
        #expect(table.rows == [["Ada", "101"], ["Bob", "102"]])
        #expect(table.columnIndex("room") == 1)
        #expect(table.columnIndex("floor") == nil)
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let table = try CSVTable(parsing: "name,note\n\"Lovelace, Ada\",\"said \"\"hi\"\"\nthen left\"\n\"\",x")
        #expect(table.rows == [["Lovelace, Ada", "said \"hi\"\nthen left"], ["", "x"]])
    }

    @Test func byteOrderMarkBlankLinesAndEmptyFieldsAreHandled() throws {
        let table = try CSVTable(parsing: "\u{FEFF}a,b\n\n1,\n,2")
        #expect(table.header == ["a", "b"])
        #expect(table.rows == [["1", ""], ["", "2"]])
    }

    @Test(arguments: [
        ("a,b\n1,2,3\n", CSVError(line: 2, reason: "3 fields, the header has 2")),
        ("a\n\"open\n", CSVError(line: 2, reason: "a quoted field is never closed")),
        ("a\nx\"y\n", CSVError(line: 2, reason: "a quote inside an unquoted field (quote the whole field and double the quote)")),
        ("a\n\"x\"y\n", CSVError(line: 2, reason: "text after a closing quote (a field is either all quoted or not at all)")),
        ("", CSVError(line: 1, reason: "the file is empty: a header row is needed")),
        ("name,room,name\nA,1,B\n", CSVError(line: 1, reason: "the header names column 1 and column 3 both \"name\": give each column its own name")),
    ])
    func malformedFilesNameTheLine(_ text: String, _ expected: CSVError) {
        #expect(throws: expected) { try CSVTable(parsing: text) }
    }

    @Test func writtenLinesQuoteOnlyWhatNeedsIt() throws {
        let line = CSVLine.make(["2025-01-01T00:00:00Z", "MIFARE Ultralight EV1 (MF0UL11)", "a, b", "say \"x\"", "two\nlines", ""])
        #expect(line == "2025-01-01T00:00:00Z,MIFARE Ultralight EV1 (MF0UL11),\"a, b\",\"say \"\"x\"\"\",\"two\nlines\",\n")
        let back = try CSVTable(parsing: "h1,h2,h3,h4,h5,h6\n" + line)
        #expect(back.rows == [["2025-01-01T00:00:00Z", "MIFARE Ultralight EV1 (MF0UL11)", "a, b", "say \"x\"", "two\nlines", ""]])
    }

    /// Found by FuzzCSV: a quote or a comma followed by a combining mark is one character,
    /// and was written unquoted, so the line did not read back.
    @Test func aQuoteOrCommaWithACombiningMarkIsStillQuoted() throws {
        let fields = ["\"\u{059E}x", ",\u{0301}", "\r\u{0301}"]
        let line = CSVLine.make(fields)
        #expect(line == "\"\"\"\u{059E}x\",\",\u{0301}\",\"\r\u{0301}\"\n")
        #expect(try CSVTable(parsing: "a,b,c\n" + line).rows == [fields])
    }

    /// FuzzCSV's two tables that did not read back: a first header field starting with a byte
    /// order mark (the reader drops one at the start of the file) is quoted, and a row of one
    /// empty field is written `""`, which reads as a row where a blank line is skipped.
    @Test func aLeadingByteOrderMarkAndAnEmptySingleFieldRowReadBack() throws {
        let table = try CSVTable(parsing: "\u{FEFF}\"\u{FEFF}name\"\n\"\"\nAda\n\n\"\"\n")
        #expect(table.header == ["\u{FEFF}name"])
        #expect(table.rows == [[""], ["Ada"], [""]])
        #expect(CSVLine.make(table.header) == "\"\u{FEFF}name\"\n")
        #expect(CSVLine.make([""]) == "\"\"\n")
        let written = ([table.header] + table.rows).map(CSVLine.make).joined()
        #expect(try CSVTable(parsing: written) == table)
    }

    @Test func aQuotedEmptyLineIsARowNotABlankLine() throws {
        #expect(throws: CSVError(line: 2, reason: "1 fields, the header has 2")) { try CSVTable(parsing: "a,b\n\"\"\n") }
        #expect(try CSVTable(parsing: "a,b\n\r\n\n1,2").rows == [["1", "2"]])
    }
}
