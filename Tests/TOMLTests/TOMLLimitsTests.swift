import TOML
import Testing

@Suite("TOML parser limits")
struct TOMLLimitsTests {
    static func nestingError(_ document: String) -> TOMLError? {
        #expect(throws: TOMLError.self) { try TOML.parse(document) }
    }

    @Test("a 30,000-deep array is refused at the nesting limit, not by the stack")
    func deepArray() {
        let error = Self.nestingError("a = " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000))
        #expect(error?.line == 1)
        #expect(error?.message.hasPrefix("nested deeper than \(TOML.nestingLimit) levels") == true)
    }

    @Test("deep inline tables, deep dotted keys and deep headers are refused the same way")
    func otherNesting() {
        let inline = Self.nestingError("\n\nb = " + String(repeating: "{ x = ", count: 10_000) + "1" + String(repeating: " }", count: 10_000))
        #expect(inline?.line == 3)
        #expect(inline?.message.hasPrefix("nested deeper than") == true)
        let dotted = Self.nestingError(Array(repeating: "k", count: 100_000).joined(separator: ".") + " = 1")
        #expect(dotted?.message.hasPrefix("nested deeper than") == true)
        let header = Self.nestingError("[" + Array(repeating: "t", count: 50_000).joined(separator: ".") + "]")
        #expect(header?.message.hasPrefix("nested deeper than") == true)
        let mixed = Self.nestingError("[a.b.c]\nd.e.f = " + String(repeating: "[{ g = ", count: 40) + "1" + String(repeating: "}]", count: 40))
        #expect(mixed?.line == 2)
    }

    @Test("nesting up to the limit is read")
    func atTheLimit() throws {
        let depth = TOML.nestingLimit - 1
        let table = try TOML.parse("a = " + String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth))
        var value = table["a"]
        for _ in 0..<depth {
            guard case .array(let elements)? = value?.kind else {
                Issue.record("expected an array")
                return
            }
            value = elements.first
        }
        #expect(value?.kind == .integer(7))
    }

    @Test("bytes that are not UTF-8 are refused with their line")
    func notUTF8() {
        let error = #expect(throws: TOMLError.self) { try TOML.parse(bytes: Array("a = 1\nb = \"".utf8) + [0xFF, 0x22]) }
        #expect(error?.line == 2)
        #expect(error?.message == "the document is not UTF-8 text")
    }

    @Test("huge numbers are errors, not traps")
    func hugeNumbers() {
        for token in ["9223372036854775808", "-9223372036854775809", "0x1_0000_0000_0000_0000", "0o2000000000000000000000", "1e400", "-1e99999"] {
            #expect(throws: TOMLError.self, "\(token)") { try TOML.parse("a = \(token)") }
        }
        #expect(throws: TOMLError.self) { try TOML.parse("a = " + String(repeating: "9", count: 100_000)) }
    }

    @Test("20,000 [[users]] tables make one array of tables in order")
    func manyArrayTables() throws {
        var text = ""
        for index in 0..<20_000 { text += "[[users]]\nname = \"u\(index)\"\n" }
        guard case .array(let users)? = try TOML.parse(text)["users"]?.kind else {
            Issue.record("expected an array of tables")
            return
        }
        #expect(users.count == 20_000)
        #expect(users.last.flatMap { value in if case .table(let table) = value.kind { table["name"]?.kind } else { nil } } == .string("u19999"))
    }
}
