import CSV
import FuzzSupport

/// libFuzzer entry point for the CSV reader of `flash --csv` and the writer of `--report`.
///
/// The input is the file's text (bytes that are not UTF-8 are replaced). Invariants: no trap;
/// every row has the header's field count; a table that reads writes back (`CSVLine`) to text
/// that reads as the same table.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let table = try? CSVTable(parsing: text) else { return 0 }
    require(table.rows.allSatisfy { $0.count == table.header.count }, "a row's field count differs from the header's")
    let written = ([table.header] + table.rows).map(CSVLine.make).joined()
    let again: CSVTable
    do throws(CSVError) { again = try CSVTable(parsing: written) } catch {
        fatalError("the written table does not read back (\(error)):\n\(written)")
    }
    require(again == table, "the written table reads differently:\n\(written)")
    return 0
}
