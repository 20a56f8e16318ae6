/// A parsed document with the file it came from: where each key stands, from the one parse.
public struct TOMLDocument: Equatable, Sendable {
    /// The file the text came from, as messages name it.
    public let file: String
    /// The document's root table; every value keeps its line and column.
    public let root: TOMLTable

    /// The document `root`, parsed from `file`.
    public init(file: String, root: TOMLTable) {
        self.file = file
        self.root = root
    }

    /// Parses `text`, read from `file`.
    ///
    /// - Throws: `TOMLError` with the line and column of the first mistake.
    public static func parse(_ text: String, file: String) throws(TOMLError) -> TOMLDocument {
        TOMLDocument(file: file, root: try TOML.parse(text))
    }

    /// The value at a dotted key path such as `reader.device`, through tables and inline
    /// tables; nil when the document does not set it.
    public func value(at keyPath: String) -> TOMLValue? {
        var table = root
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (index, part) in parts.enumerated() {
            guard let value = table[part] else { return nil }
            if index == parts.count - 1 { return value }
            guard case .table(let inner) = value.kind else { return nil }
            table = inner
        }
        return nil
    }

    /// The line of the value at `keyPath`; nil when the document does not set it.
    public func line(of keyPath: String) -> Int? {
        value(at: keyPath)?.line
    }
}
