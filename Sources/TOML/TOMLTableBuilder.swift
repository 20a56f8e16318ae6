/// One part of a key (`a` in `a."b c".d`) and where it was written.
struct TOMLKeyPart {
    var name: String
    var line: Int
    var column: Int
}

/// A table under construction, enforcing TOML's rules on defining things once: a table
/// is defined by one header or by dotted keys, never both or twice; inline tables and
/// static arrays are closed; `[[x]]` appends only to arrays of tables.
final class TOMLTableBuilder {
    /// How a table came to exist, which decides what may still add to it.
    enum Origin {
        /// Created on the way to a deeper header (`a` for `[a.b]`): a header may still define it.
        case implicit
        /// Defined by a `[header]` or as an element of `[[header]]`.
        case header
        /// Created by a dotted key (`a.b = 1`): further dotted keys may add to it.
        case dottedKey
    }

    private enum Entry {
        case value(TOMLValue)
        case table(TOMLTableBuilder)
        case tableArray(TableArray)

        var line: Int {
            switch self {
            case let .value(value): value.line
            case let .table(table): table.line
            case let .tableArray(array): array.line
            }
        }
    }

    /// An array of tables (`[[x]]`), a reference so that appending to it never copies it.
    private final class TableArray {
        var elements: [TOMLTableBuilder]
        let line: Int
        let column: Int

        init(_ first: TOMLTableBuilder, line: Int, column: Int) {
            elements = [first]
            self.line = line
            self.column = column
        }
    }

    /// A table or an array of tables still under construction in this one.
    private enum Child {
        case table(TOMLTableBuilder)
        case tableArray(TableArray)
    }

    private var origin: Origin
    private var line: Int
    private var column: Int
    /// Every key in document order: a value's final value, or a stand-in for a child that
    /// `finish` replaces, so that a table without children is finished by handing its storage over.
    private var entries: TOMLEntries<TOMLValue>
    /// The children, by their position in `entries`.
    private var children: [Int: Child] = [:]

    /// A table expected to hold about `capacity` keys (room made for them at once).
    init(origin: Origin, line: Int, column: Int, capacity: Int = 0) {
        self.origin = origin
        self.line = line
        self.column = column
        entries = TOMLEntries(capacity: capacity)
    }

    /// `[path]`: the table the header defines.
    func defineTable(_ path: [TOMLKeyPart]) throws(TOMLError) -> TOMLTableBuilder {
        let (parent, last) = try walkHeader(path)
        switch parent.entry(last.name) {
        case nil:
            return parent.insertTable(last, origin: .header)
        case let .table(table) where table.origin == .implicit:
            table.origin = .header
            table.line = last.line
            table.column = last.column
            return table
        case let .table(table):
            throw Self.error(at: last, "table [\(Self.display(path))] is already defined on line \(table.line)")
        case .tableArray:
            throw Self.error(at: last, "\(Self.display(path)) is an array of tables: write [[\(Self.display(path))]]")
        case let .value(value):
            throw Self.error(at: last, "\(Self.display(path)) is already defined on line \(value.line)")
        }
    }

    /// `[[path]]`: a new table appended to the array of tables.
    func appendTable(_ path: [TOMLKeyPart]) throws(TOMLError) -> TOMLTableBuilder {
        let (parent, last) = try walkHeader(path)
        switch parent.entry(last.name) {
        case nil:
            let element = TOMLTableBuilder(origin: .header, line: last.line, column: last.column)
            parent.append(last, .tableArray(TableArray(element, line: last.line, column: last.column)))
            return element
        case let .tableArray(array):
            // Elements tend to have the same keys: room for as many as the previous one has
            // (up to a scan's worth, so that a crafted document cannot make room it never fills).
            let capacity = min(array.elements.last?.entries.count ?? 0, TOMLEntries<TOMLValue>.scanLimit)
            let element = TOMLTableBuilder(origin: .header, line: last.line, column: last.column, capacity: capacity)
            array.elements.append(element)
            return element
        case let .table(table):
            throw Self.error(at: last, "\(Self.display(path)) is already a table (line \(table.line)), not an array of tables")
        case let .value(value):
            throw Self.error(at: last, "\(Self.display(path)) is already defined on line \(value.line)")
        }
    }

    /// `path = value` in this table.
    func assign(_ path: [TOMLKeyPart], _ value: TOMLValue) throws(TOMLError) {
        var table = self
        for (offset, part) in path.dropLast().enumerated() {
            switch table.entry(part.name) {
            case nil:
                table = table.insertTable(part, origin: .dottedKey)
            case let .table(next) where next.origin == .dottedKey:
                table = next
            case let .table(next):
                throw Self.error(at: part, "cannot add keys to table \(Self.display(path.prefix(offset + 1))) defined on line \(next.line) from here")
            case .tableArray, .value:
                throw Self.error(at: part, "\(Self.display(path.prefix(offset + 1))) is already defined and is not a table")
            }
        }
        guard let last = path.last else { return }
        if let existing = table.entry(last.name) {
            throw Self.error(at: last, "duplicate key \(Self.display(path)) (first defined on line \(existing.line))")
        }
        table.entries.append(last.name, value)
    }

    /// The finished table as a value. The builder hands its entries over and is left empty,
    /// so that the finished tree replaces the builders' as it grows instead of doubling the
    /// memory a large document takes.
    func finish() -> TOMLValue {
        var table = entries
        entries = TOMLEntries()
        let children = self.children
        self.children = [:]
        for (position, child) in children {
            switch child {
            case let .table(builder): table.replace(at: position, with: builder.finish())
            case let .tableArray(array):
                let elements = array.elements
                array.elements = []
                table.replace(at: position, with: TOMLValue(.array(elements.map { $0.finish() }), line: array.line, column: array.column))
            }
        }
        return TOMLValue(.table(TOMLTable(table)), line: line, column: column)
    }

    /// What `name` holds in this table, if anything.
    private func entry(_ name: String) -> Entry? {
        guard let position = entries.position(of: name) else { return nil }
        switch children.isEmpty ? nil : children[position] {
        case let .table(table)?: return .table(table)
        case let .tableArray(array)?: return .tableArray(array)
        case nil: return .value(entries.values[position])
        }
    }

    /// Adds the child at `part`, with a stand-in value in its place until `finish`.
    private func append(_ part: TOMLKeyPart, _ child: Child) {
        children[entries.count] = child
        entries.append(part.name, TOMLValue(.table(TOMLTable()), line: part.line, column: part.column))
    }

    /// Follows a header's path to the parent of its last part, creating implicit tables and
    /// entering the last element of arrays of tables.
    private func walkHeader(_ path: [TOMLKeyPart]) throws(TOMLError) -> (TOMLTableBuilder, TOMLKeyPart) {
        var table = self
        for (offset, part) in path.dropLast().enumerated() {
            switch table.entry(part.name) {
            case nil:
                table = table.insertTable(part, origin: .implicit)
            case let .table(next):
                table = next
            case let .tableArray(array):
                guard let lastElement = array.elements.last else { throw Self.error(at: part, "empty array of tables") }
                table = lastElement
            case let .value(value):
                throw Self.error(at: part, "\(Self.display(path.prefix(offset + 1))) is already defined on line \(value.line) and cannot be extended")
            }
        }
        guard let last = path.last else { throw TOMLError(line: line, column: column, "empty table name") }
        return (table, last)
    }

    private func insertTable(_ part: TOMLKeyPart, origin: Origin) -> TOMLTableBuilder {
        let table = TOMLTableBuilder(origin: origin, line: part.line, column: part.column)
        append(part, .table(table))
        return table
    }

    private static func error(at part: TOMLKeyPart, _ message: String) -> TOMLError {
        TOMLError(line: part.line, column: part.column, message)
    }

    /// A key path as TOML would write it.
    private static func display(_ path: some Sequence<TOMLKeyPart>) -> String {
        path.map { TOMLFormat.key($0.name) }.joined(separator: ".")
    }
}
