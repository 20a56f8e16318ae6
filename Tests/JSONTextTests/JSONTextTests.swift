import JSONText
import Testing

@Suite("JSON text: one writer, one escaping")
struct JSONTextTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("a \"quote\" and \\", #""a \"quote\" and \\""#),
        ("line\nfeed\r\ttab", #""line\nfeed\r\ttab""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{00}\u{1B}[2J\u{1F}\u{7F}", #""\u0000\u001B[2J\u001F\u007F""#),
        ("Zoë 🔑 \u{2028}", "\"Zoë 🔑 \u{2028}\""),
        ("/", #""/""#),
    ])
    func stringsAreEscapedOnce(_ text: String, _ expected: String) {
        #expect(JSONText.string(text) == expected)
    }

    @Test func valuesAreCompactAndKeepTheirOrder() {
        let value = JSONValue.object([
            ("z", .int(-3)), ("a", .array([.bool(true), .bool(false), .null])), ("k\u{1B}", .string("v")), ("o", .object([])),
        ])
        #expect(value.text == #"{"z":-3,"a":[true,false,null],"k\u001B":"v","o":{}}"#)
        #expect(JSONValue.array([]).text == "[]")
    }
}
