import Basics
import Testing
@testable import DoorRecords

@Suite("Audit entries as JSON lines")
struct AuditEntryJSONTests {
    static let time = AuditTime(epochSeconds: 1_795_332_665, nanoseconds: 123_000_000)

    static let grant = AuditEntry(
        time: time, event: .decision, uid: [0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x6E, 0x80], user: "alice", granted: true,
        rule: "users[0].credentials[0] uid", reason: "UID matches", product: "NTAG215")

    @Test func aDecisionIsOneLineWithKeysInOrder() {
        #expect(Self.grant.jsonLine == #"{"time":"2026-11-22T07:31:05.123Z","event":"decision","uid":"04A22B1A5C6E80","user":"alice","granted":true,"rule":"users[0].credentials[0] uid","reason":"UID matches","product":"NTAG215"}"#)
    }

    @Test func absentValuesAreLeftOut() {
        let entry = AuditEntry(time: Self.time, event: .door, reason: "opened")
        #expect(entry.jsonLine == #"{"time":"2026-11-22T07:31:05.123Z","event":"door","reason":"opened"}"#)
    }

    @Test func leadingZeroBytesOfAUIDAreKept() {
        let entry = AuditEntry(time: Self.time, event: .decision, uid: [0x00, 0x0A, 0x01, 0xF0], granted: false, reason: "no")
        #expect(entry.jsonLine.contains(#""uid":"000A01F0""#))
        #expect(entry.jsonLine.contains(#""granted":false"#))
    }

    @Test func stringsAreEscaped() {
        let entry = AuditEntry(time: Self.time, event: .decision, user: "a\"b\\c", reason: "l1\nl2\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}|Zoë 🚪 /")
        #expect(entry.jsonLine.contains(#""user":"a\"b\\c""#))
        #expect(entry.jsonLine.contains(#""reason":"l1\nl2\r\t\b\f\u0001\u001F\u007F|Zoë 🚪 /""#))
        #expect(!entry.jsonLine.utf8.contains { $0 < 0x20 })
    }

    @Test func linesDecodeBackToTheEntry() throws {
        let awkward = AuditEntry(
            time: Self.time, event: .config, user: "Zoë 🚪", granted: nil, rule: "r\u{00}x",
            reason: "quote \" backslash \\ newline \n control \u{01} del \u{7F}")
        for entry in [Self.grant, awkward] + AuditEntry.Event.allCases.map({ AuditEntry(time: Self.time, event: $0, reason: $0.rawValue) }) {
            #expect(try AuditEntry(jsonLine: entry.jsonLine) == entry)
        }
    }

    @Test func readingIgnoresUnknownKeysAndAcceptsNulls() throws {
        let line = #"{"v":2,"time":"2026-11-22T07:31:05.123Z","extra":{"a":[1,2,{"b":null}]},"event":"decision","uid":null,"user":null,"granted":null,"rule":"r","reason":"x","site":"north","n":-1.5e3}"#
        let entry = try AuditEntry(jsonLine: line)
        #expect(entry == AuditEntry(time: Self.time, event: .decision, rule: "r", reason: "x"))
    }

    @Test func readingUnderstandsEveryEscapeAndSpaces() throws {
        let line = #" { "time" : "2026-11-22T07:31:05.123Z" , "event":"exit", "reason":"\u00e9\ud83d\udeaa\/\"\\\b\f\n\r\t\u0041" } "#
        #expect(try AuditEntry(jsonLine: line).reason == "é🚪/\"\\\u{08}\u{0C}\n\r\tA")
    }

    @Test(arguments: [
        "", "{", "[]", "null", #"{"time":"2026-11-22T07:31:05.123Z","event":"exit"}"#,
        #"{"event":"exit","reason":"x"}"#,
        #"{"time":"yesterday","event":"exit","reason":"x"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"party","reason":"x"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":5}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"decision","granted":"yes","reason":"x"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"decision","uid":"04A","reason":"x"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"decision","uid":"ZZ","reason":"x"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"x"} trailing"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"x","reason":"y"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"x",}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"\ud83d"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"\udeaa"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"\x"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"a"# + "\t" + #"tab"}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"x","n":01.}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"x","n":tru}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"x","deep":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
        #"{"time":"2026-11-22T07:31:05.123Z","event":"exit","reason":"cut"#,
        // A time the log never writes (found by FuzzAuditLog): it would not round-trip.
        #"{"time":"2026-11-22T07:31:05.1234Z","event":"exit","reason":"x"}"#,
        #"{"time":"2026-11-22T07:31:05Z","event":"exit","reason":"x"}"#,
    ])
    func corruptLinesAreRefused(line: String) {
        #expect(throws: AuditDecodingError.self) { try AuditEntry(jsonLine: line) }
    }
}
