import TOML
import TestSupport
import Testing

/// Documents at the edges of the grammar, valid and invalid, against Python's `tomllib`: both
/// parsers read the same values from each, or both refuse it. The exceptions are deliberate
/// and listed in `deliberate`.
@Suite("TOML parser against Python's tomllib at the edges of the grammar")
struct TOMLEdgeDocumentTests {
    static let documents: [String] = [
        #""" = 1"#, "'' = 'x'", #"a."b.c".'d' = 1"#, "\"a\".b = 1\na.c = 2", "1.2 = 3", "-_- = 1",
        "[[a.b]]\n[a]\nx = 1", "[a.b]\n[a]\n[a.c]", "a.b.c = 1\n[a.b.d]", "a.b = 1\n[a]", "[a]\nb.c = 1\n[a.b]",
        "[a]\n[[a.b]]\n[a.b.c]", "a = [{b = 1}]\n[[a]]", "[[a]]\n[a.b]\n[[a]]\n[a.b]", "a = {}\na.b = 1", "a = {b.c = 1, b.d = 2}",
        "a = {b = 1, b.c = 2}", "a = [1, 'x', 2.0, [], {}]", "a = [\n1,\n2,\n# c\n]", "a = [,]", "a = [1,,2]",
        "a = 0x_1", "a = 0x1_", "a = 1__0", "a = 01", "a = -0x1", "a = +0o7", "a = 0b", "a = 1e-400",
        "a = 1.", "a = .1", "a = 1.e5", "a = 1e", "a = 1_000.000_1e1_0", "a = 0.0e0", "a = 00.0", "a = -0", "a = +nan", "a = infinity",
        "a = 9223372036854775807", "a = -9223372036854775808", "a = 0x7FFFFFFFFFFFFFFF",
        "a = 2024-02-29", "a = 2023-02-29", "a = 2024-13-01", "a = 0001-01-01", "a = 24:00:00",
        "a = 12:30:00.123456789", "a = 12:30:00.",
        #"a = "\u00""#, #"a = "\uD800""#, #"a = "\U00110000""#, #"a = "\x41""#, #"a = "\e""#, "a = \"tab\there\"", "a = \"\u{7F}\"",
        "a = \"\"\"\\\n\n  \\\n x\"\"\"", #"a = """"""""#, #"a = """a""""""#, "a = '''''''", "a = ''''a'''''",
        "a = \"\"\"\n\"\"\"", "a = '''\r\nx'''", "a = \"\"\"x\\ \ty\"\"\"", "a = 'it''s'", #"a = "a" "b""#,
        "a = true # c\u{7F}", "a = 1 # c\u{01}", "a = 1\r\nb = 2\r\n", "a = 1\rb = 2", "a = trUe", "a = True",
        "[ a . b ]\nc = 1", "[a]\n[ a ]", "[[a]]\n[[ a ]]\n", "[a\n]", "[]", "[[]]", "a =", "= 1", "a = 1 b = 2",
        "a = {b = 1,}", "a = {b = 1\n}", "a = { }", #"a = {"" = 1}"#, "a.b = 1\na.b.c = 2", "a = 1\n[a.b]",
        "a = \"\u{FEFF}\"", #""é" = 'é'"#, #"a = "\U0001F600""#, "a = 1979-05-27 ", "a = [ 1979-05-27 , 08:00:00 ]",
    ]

    /// Where the two differ on purpose: integers past 64 bits, which TOML 1.0 says must be an
    /// error and tomllib reads as Python integers; out-of-range floats, refused rather than
    /// read as infinity; (offset and local) date-times, which configurations do not use; and
    /// a time without seconds (`08:00`), which we accept.
    static let deliberate: [String] = [
        "a = 9223372036854775808", "a = -9223372036854775809", "a = 0x8000000000000000", "a = 1e400", "a = -1e400", "a = 1979-05-27T07:32:00", "a = 1979-05-27 07:32:00Z", "a = 1979-05-27T07:32:00+01:00", "a = 12:30",
    ]

    @Test("every document reads the same in both, or both refuse it")
    func sameAsTomllib() throws {
        let directory = try TemporaryDirectory()
        for (index, document) in Self.documents.enumerated() {
            _ = try directory.write("\(index).toml", Array(document.utf8), mode: 0o600)
        }
        let reference = try TOMLDifferentialTests.tomllibDumps(directory: directory.path, count: Self.documents.count)
        try #require(reference.count == Self.documents.count)
        for (index, document) in Self.documents.enumerated() {
            let ours: String
            do {
                ours = TOMLCanonicalDump.dump(try TOML.parse(document))
            } catch {
                ours = "error"
            }
            let theirs = reference[index].hasPrefix("error: ") ? "error" : reference[index]
            #expect(ours == theirs, "\(document.debugDescription): ours \(ours), tomllib \(reference[index])")
        }
    }

    @Test("the deliberate differences are refused by us and read by tomllib")
    func deliberateDifferences() throws {
        let directory = try TemporaryDirectory()
        for (index, document) in Self.deliberate.enumerated() {
            _ = try directory.write("\(index).toml", Array(document.utf8), mode: 0o600)
        }
        let reference = try TOMLDifferentialTests.tomllibDumps(directory: directory.path, count: Self.deliberate.count)
        for (index, document) in Self.deliberate.enumerated() where document != "a = 12:30" {
            #expect(throws: TOMLError.self, "\(document)") { try TOML.parse(document) }
            #expect(!reference[index].hasPrefix("error: "), "\(document): tomllib \(reference[index])")
        }
        #expect(try TOML.parse("a = 12:30")["a"]?.kind == .time(TOMLLocalTime(hour: 12, minute: 30)))
        #expect(reference.last?.hasPrefix("error: ") == true)
    }
}
