import CSV

extension CSVTable {
    /// Reads the CSV file at `path` (`-`: standard input) a record at a time.
    ///
    /// - Throws: 66/77/74 when it cannot be read, 65 naming the file and line for bad content.
    static func read(_ path: String) throws(CLIError) -> CSVTable {
        let file = try FileIO.open(path)
        do throws(CSVReadError) {
            return try CSVTable(reading: file)
        } catch {
            switch error {
            case .csv(let error): throw .data("\(path): \(error)")
            case .file(let error): throw FileIO.cliError(error)
            }
        }
    }
}
