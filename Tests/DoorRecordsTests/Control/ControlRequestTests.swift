import DoorRecords
import Testing

@Suite("The control socket's requests and replies")
struct ControlRequestTests {
    @Test func aRequestIsItsNameWithAtMostOneLineFeed() {
        #expect(ControlRequest(message: Array("reload".utf8)) == .reload)
        #expect(ControlRequest(message: Array("status\n".utf8)) == .status)
        #expect(ControlRequest(message: Array("status\n\n".utf8)) == .unknown("(8 bytes)"))
        #expect(ControlRequest(message: Array(" reload".utf8)) == .unknown("(7 bytes)"))
        #expect(ControlRequest(message: Array("RELOAD".utf8)) == .unknown("RELOAD"))
        #expect(ControlRequest(message: Array("unlock".utf8)) == .unknown("unlock"))
        #expect(ControlRequest(message: []) == .unknown("(0 bytes)"))
        #expect(ControlRequest(message: [0x72, 0xFF]) == .unknown("(2 bytes)"), "not printable ASCII: not repeated")
        #expect(ControlRequest(message: Array(String(repeating: "x", count: 33).utf8)) == .unknown("(33 bytes)"), "too long a name to repeat")
    }

    @Test func aReplyRoundTripsThroughItsJSON() throws {
        var status = ControlReply(request: "status")
        status.version = 12
        status.sha256 = String(repeating: "ab", count: 32)
        status.issued = "2026-11-27T04:00:00Z"
        status.stale = false
        status.lock = "unlocked"
        status.unlockedUntil = "2026-11-27T04:10:03Z"
        #expect(status.json == #"{"ok":true,"request":"status","version":12,"sha256":"\#(String(repeating: "ab", count: 32))","issued":"2026-11-27T04:00:00Z","stale":false,"lock":"unlocked","unlocked_until":"2026-11-27T04:10:03Z"}"#)
        #expect(ControlReply(json: status.json) == status)
        let refused = ControlReply(request: "reload", error: "reload refused: \"x\"\n")
        #expect(refused.json == #"{"ok":false,"request":"reload","error":"reload refused: \"x\"\n"}"#)
        #expect(ControlReply(json: refused.json) == refused)
    }

    @Test func whatIsNotAReplyIsNil() {
        #expect(ControlReply(json: #"{"ok":false,"request":"reload"}"#) == nil, "a failure names its error")
        #expect(ControlReply(json: #"{"ok":true,"request":"reload","error":"x"}"#) == nil)
        #expect(ControlReply(json: #"{"ok":true,"request":"status","version":-1}"#) == nil)
        #expect(ControlReply(json: #"{"ok":true,"request":"status","version":13342078217891319351}"#) == nil, "above 2^63 − 1: found by FuzzControlRequest")
        #expect(ControlReply(json: #"{"ok":true,"request":"status","version":9223372036854775807}"#)?.version == UInt64(Int64.max))
        #expect(ControlReply(json: #"{"ok":true,"request":"status","lock":1}"#) == nil)
        #expect(ControlReply(json: #"{"request":"status"}"#) == nil)
        #expect(ControlReply(json: "reload") == nil)
    }
}
