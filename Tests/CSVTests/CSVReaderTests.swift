import CSV
import FileInput
import Foundation
import Testing

@Suite("CSV read a record at a time, within limits")
struct CSVReaderTests {
    @Test func aFieldOfTheLimitIsReadOneMoreByteIsRefused() throws {
        let field = String(repeating: "f", count: CSVReader.fieldLimit)
        #expect(try CSVTable(parsing: "a\n\(field)\n").rows == [[field]])
        #expect(throws: CSVError(line: 2, reason: "a field longer than 4096 bytes, the limit for a CSV field")) {
            try CSVTable(parsing: "a\n\(field)f\n")
        }
        #expect(throws: CSVError(line: 2, reason: "a field longer than 4096 bytes, the limit for a CSV field")) {
            try CSVTable(parsing: "a\n\"\(field)\n\"\n")
        }
    }

    @Test func rowsAndFieldCountsHaveLimits() throws {
        let wide = Array(repeating: "x", count: CSVReader.fieldCountLimit + 1).joined(separator: ",")
        #expect(throws: CSVError(line: 1, reason: "more than 1024 fields in a row, the limit for a CSV row")) { try CSVTable(parsing: wide) }
        let long = Array(repeating: String(repeating: "y", count: 4000), count: 17).joined(separator: ",")
        #expect(throws: CSVError(line: 3, reason: "a row longer than 65536 bytes, the limit for a CSV row")) {
            try CSVTable(parsing: "a\nb\n" + long)
        }
    }

    @Test func theNumberOfRowsHasALimit() throws {
        let rows = String(repeating: "1\n", count: CSVTable.rowLimit)
        #expect(try CSVTable(parsing: "a\n" + rows).rows.count == CSVTable.rowLimit)
        #expect(throws: CSVError(line: CSVTable.rowLimit + 2, reason: "more than 100000 rows, the limit for a CSV file")) {
            try CSVTable(parsing: "a\n" + rows + "1\n")
        }
    }

    @Test func aFileIsReadInChunksWithTheSameResult() throws {
        let rows = (0..<5000).map { "name \($0),\"room, \($0)\nsecond line\",é\($0)" }
        let text = "\u{FEFF}name,room,note\r\n" + rows.joined(separator: "\r\n") + "\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromFile = try CSVTable(reading: InputFile.open(path))
        #expect(fromFile == (try CSVTable(parsing: text)))
        #expect(fromFile.header == ["name", "room", "note"])
        #expect(fromFile.rows.count == 5000)
        #expect(fromFile.rows.last == ["name 4999", "room, 4999\nsecond line", "é4999"])
    }

    @Test func fieldsThatAreNotUTF8AreRefusedWithTheirLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv").path
        try Data(Array("a,b\n1,2\n3,".utf8) + [0xC3, 0x28] + Array("\n".utf8)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: CSVReadError.csv(CSVError(line: 3, reason: "a field that is not UTF-8 text"))) {
            try CSVTable(reading: InputFile.open(path))
        }
    }
}
