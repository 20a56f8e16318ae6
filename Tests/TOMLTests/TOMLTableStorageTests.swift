import TOML
import Testing

/// The parser's storage: tables past the scan limit (looked up by a hash index), strings
/// read in runs, arrays of tables made with room for their previous element's keys, and
/// dotted keys nested in inline tables (key parts reuse their storage).
@Suite("TOML table storage")
struct TOMLTableStorageTests {
    @Test("a table with many keys keeps their order, finds each, and refuses a duplicate naming its first line")
    func manyKeys() throws {
        let names = (0..<40).map { "key\($0)" }
        let document = names.enumerated().map { "\($1) = \($0)" }.joined(separator: "\n")
        let root = try TOML.parse(document)
        #expect(root.keys == names)
        for (index, name) in names.enumerated() {
            #expect(root[name] == TOMLValue(.integer(Int64(index)), line: index + 1, column: name.utf8.count + 4))
        }
        #expect(root["key40"] == nil)
        #expect(throws: TOMLError(line: 41, column: 1, "duplicate key key17 (first defined on line 18)")) {
            try TOML.parse(document + "\nkey17 = 0")
        }
    }

    @Test("set replaces a value in place and appends a new key, on both sides of the scan limit")
    func setKeepsPositions() {
        for count in [3, 30] {
            var table = TOMLTable()
            for index in 0..<count { table.set("k\(index)", TOMLValue(.integer(Int64(index)), line: 1)) }
            table.set("k1", TOMLValue(.string("one"), line: 2))
            table.set("new", TOMLValue(.boolean(true), line: 3))
            #expect(table.keys == (0..<count).map { "k\($0)" } + ["new"])
            #expect(table["k1"]?.kind == .string("one"))
            #expect(table["new"]?.kind == .boolean(true))
            #expect(table.entries.map(\.key) == table.keys)
        }
    }

    @Test("basic and literal strings with escapes between plain runs", arguments: [
        ("a = \"\\tstart\"", "\tstart"),
        ("a = \"mid\\u00E9dle\"", "midédle"),
        ("a = \"end\\\\\"", "end\\"),
        ("a = \"\\\"\\\"\"", "\"\""),
        ("a = \"tab\there\"", "tab\there"),
        ("a = 'back\\slash \"quoted\"'", "back\\slash \"quoted\""),
        ("a = \"ünï\\ncödé\"", "ünï\ncödé"),
        ("a = \"\"", ""),
    ])
    func strings(document: String, expected: String) throws {
        #expect(try TOML.parse(document)["a"]?.kind == .string(expected))
    }

    @Test("a control character or a line end inside a string is refused where it is", arguments: [
        ("a = \"ab\u{7F}c\"", TOMLError(line: 1, column: 8, "control character 0x7F in a string; write it as an escape")),
        ("a = \"a\\tb\u{01}\"", TOMLError(line: 1, column: 10, "control character 0x01 in a string; write it as an escape")),
        ("a = 'lit\u{00}'", TOMLError(line: 1, column: 9, "control character 0x00 in a string; write it as an escape")),
        ("a = \"open\nb = 1", TOMLError(line: 1, column: 5, "unterminated string")),
        ("a = 'open\r\n", TOMLError(line: 1, column: 5, "unterminated string")),
        ("a = \"open\\\"", TOMLError(line: 1, column: 5, "unterminated string")),
    ])
    func stringErrors(document: String, error: TOMLError) {
        #expect(throws: error) { try TOML.parse(document) }
    }

    @Test("elements of an array of tables with more, fewer and other keys than the one before")
    func arrayOfTablesShapes() throws {
        let root = try TOML.parse("""
            [[u]]
            a = 1
            [[u]]
            a = 2
            b = 3
            c = 4
            [[u]]
            [[u]]
            z = 'last'
            """)
        guard case let .array(elements)? = root["u"]?.kind else {
            Issue.record("u is not an array")
            return
        }
        let tables = elements.compactMap { element -> TOMLTable? in
            guard case let .table(table) = element.kind else { return nil }
            return table
        }
        #expect(tables.map(\.keys) == [["a"], ["a", "b", "c"], [], ["z"]])
        #expect(tables[1]["c"]?.kind == .integer(4))
        #expect(tables[3]["z"]?.kind == .string("last"))
    }

    @Test("dotted keys inside inline tables inside dotted keys keep every part")
    func nestedDottedKeys() throws {
        let root = try TOML.parse("a.b = { c.d = { e.f = 1 }, g.h = 2 }\nx.y = 3")
        #expect(TOMLParserTests.lookup(["a", "b", "c", "d", "e", "f"], in: root)?.kind == .integer(1))
        #expect(TOMLParserTests.lookup(["a", "b", "g", "h"], in: root)?.kind == .integer(2))
        #expect(TOMLParserTests.lookup(["x", "y"], in: root)?.kind == .integer(3))
        #expect(throws: TOMLError(line: 1, column: 18, "duplicate key c.d (first defined on line 1)")) {
            try TOML.parse("a = { c.d = 1, c.d = 2 }")
        }
    }
}
