import Testing
@testable import JSONText

@Suite("Flat JSON objects")
struct FlatJSONTests {
    @Test func valuesOfEveryKind() throws {
        let members = try FlatJSON.object(#"{"s":"x","i":-12,"f":0.5e-3,"t":true,"n":null,"o":{},"a":[1,"]",{"k":[]}],"e":""}"#)
        #expect(members == [
            "s": .string("x"), "i": .number("-12"), "f": .number("0.5e-3"), "t": .bool(true), "n": .null,
            "o": .nested, "a": .nested, "e": .string(""),
        ])
    }

    @Test func anEmptyObject() throws {
        #expect(try FlatJSON.object(" {} ").isEmpty)
    }

    @Test func errorsSayWhere() {
        #expect(throws: FlatJSON.ParseError(offset: 10, reason: "expected \"}\"")) { try FlatJSON.object(#"{"a":true false}"#) }
        #expect(throws: FlatJSON.ParseError(offset: 8, reason: "key \"a\" appears twice")) { try FlatJSON.object(#"{"a":1, "a":2}"#) }
        #expect(throws: FlatJSON.ParseError(offset: 6, reason: "a number needs digits")) { try FlatJSON.object(#"{"a":-}"#) }
        #expect(throws: FlatJSON.ParseError.self) { try FlatJSON.object(#"{"a":"\u００４１"}"#) }
    }
}
