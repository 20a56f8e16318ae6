import DoorControl
import NDEF
import Testing

@Suite("Door policy: credentials, order, default deny")
struct DoorPolicyTests {
    typealias F = PolicyFixtures

    @Test func uidGrantsOnlyTheExactBytes() {
        let policy = F.policy([User(name: "alice", credentials: [.uid(F.aliceUID)])])
        let granted = F.decide(policy, F.tag(F.aliceUID))
        #expect(granted == Decision(granted: true, user: "alice", rule: "users[0] \"alice\" credentials[0] uid", reason: "UID 04112233445566 matches"))
        var lastByte = F.aliceUID
        lastByte[6] ^= 0x01
        for near in [lastByte, Array(F.aliceUID.dropLast()), F.aliceUID + [0x00]] {
            let denied = F.decide(policy, F.tag(near))
            #expect(!denied.granted)
            #expect(denied.rule == "default deny")
            #expect(denied.user == nil)
        }
    }

    @Test func aUIDWithALeadingZeroByteKeepsIt() {
        let uid: [UInt8] = [0x00, 0xA1, 0xB2, 0xC3]
        let policy = F.policy([User(name: "carol", credentials: [.uid(uid)])])
        let granted = F.decide(policy, F.tag(uid))
        #expect(granted.granted)
        #expect(granted.reason == "UID 00A1B2C3 matches")
        #expect(!F.decide(policy, F.tag([0xA1, 0xB2, 0xC3])).granted)
        #expect(!F.decide(policy, F.tag([0xA1, 0xB2, 0xC3, 0x00])).granted)
        #expect(F.decide(policy, F.tag([0x00, 0x00, 0xA1, 0xB2])).reason == "no user's credential matches UID 0000A1B2")
    }

    @Test func textEqualsAndPrefix() throws {
        let policy = F.policy([
            User(name: "door", credentials: [.textEquals("door-42")]),
            User(name: "staff", credentials: [.textPrefix("staff:")]),
        ])
        let second = F.decide(policy, F.tag(F.strangerUID, .uri("https://x.y"), try .text(TextPayload(text: "door-42"))))
        #expect(second.granted)
        #expect(second.rule == "users[0] \"door\" credentials[0] text")
        let prefixed = F.decide(policy, F.tag(F.strangerUID, try .text(TextPayload(text: "staff:alice", languageCode: "de"))))
        #expect(prefixed.granted)
        #expect(prefixed.user == "staff")
        #expect(prefixed.rule == "users[1] \"staff\" credentials[0] text_prefix")
        for near in ["door-421", "Door-42", "door-4", "staf", "xstaff:alice", "Staff:alice"] {
            #expect(!F.decide(policy, F.tag(F.strangerUID, try .text(TextPayload(text: near)))).granted, "\(near)")
        }
        #expect(!F.decide(policy, F.tag(F.strangerUID, .uri("door-42"))).granted, "a URI record is not text")
        #expect(!F.decide(policy, F.tag(F.strangerUID, try .mime(type: "text/plain", data: Array("door-42".utf8)))).granted)
    }

    @Test func uriEqualsAndPrefixCompareTheExpandedURI() {
        let policy = F.policy([
            User(name: "key1", credentials: [.uriEquals("https://door.example/k/1")]),
            User(name: "site", credentials: [.uriPrefix("https://door.example/site/")]),
        ])
        let record = NDEFRecord.uri("https://door.example/k/1")
        #expect(record.payload.first == 0x04, "the https:// prefix is abbreviated on the tag")
        let exact = F.decide(policy, F.tag(F.strangerUID, record))
        #expect(exact.granted)
        #expect(exact.rule == "users[0] \"key1\" credentials[0] uri")
        let prefixed = F.decide(policy, F.tag(F.strangerUID, .uri("https://door.example/site/7")))
        #expect(prefixed.granted)
        #expect(prefixed.rule == "users[1] \"site\" credentials[0] uri_prefix")
        for near in ["https://door.example/k/12", "http://door.example/k/1", "https://door.example/k/", "https://door.example/sitex/7", "https://door.example.evil/site/7"] {
            #expect(!F.decide(policy, F.tag(F.strangerUID, .uri(near))).granted, "\(near)")
        }
    }

    @Test func mimeTypeIgnoresCaseButThePayloadIsExact() throws {
        let policy = F.policy([User(name: "badge", credentials: [.mime(type: "application/x-door", payload: [1, 2, 3])])])
        let granted = F.decide(policy, F.tag(F.strangerUID, try .mime(type: "Application/X-Door", data: [1, 2, 3])))
        #expect(granted.granted)
        #expect(granted.rule == "users[0] \"badge\" credentials[0] mime")
        #expect(!F.decide(policy, F.tag(F.strangerUID, try .mime(type: "application/x-door", data: [1, 2, 3, 4]))).granted)
        #expect(!F.decide(policy, F.tag(F.strangerUID, try .mime(type: "application/x-door", data: [1, 2]))).granted)
        #expect(!F.decide(policy, F.tag(F.strangerUID, try .mime(type: "application/x-doors", data: [1, 2, 3]))).granted)
        #expect(!F.decide(policy, F.tag(F.strangerUID, try .external(type: "application:x-door", data: [1, 2, 3]))).granted)
    }

    @Test func usersAndCredentialsAreTriedInFileOrder() {
        let policy = F.policy([
            User(name: "alice", credentials: [.uriEquals("https://a"), .uid(F.aliceUID)]),
            User(name: "also-alice", credentials: [.uid(F.aliceUID)]),
        ])
        let decision = F.decide(policy, F.tag(F.aliceUID))
        #expect(decision.user == "alice")
        #expect(decision.rule == "users[0] \"alice\" credentials[1] uid")
    }

    @Test func moreThanOneTagIsDeniedEvenWhenOneMatches() {
        let policy = F.policy([User(name: "alice", credentials: [.uid(F.aliceUID)])])
        var presentation = F.tag(F.aliceUID)
        presentation.multipleTags = true
        let decision = F.decide(policy, presentation)
        #expect(decision == Decision(granted: false, user: nil, rule: "multiple tags", reason: "More than one tag detected"))
    }

    @Test func aReadErrorIsTheReasonOnlyWhenNothingMatched() {
        let policy = F.policy([User(name: "alice", credentials: [.uid(F.aliceUID)])])
        let stranger = Presentation(uid: F.strangerUID, readError: "the tag left the field during READ page 4")
        let denied = F.decide(policy, stranger)
        #expect(denied == Decision(granted: false, user: nil, rule: "read error", reason: "the tag could not be read: the tag left the field during READ page 4"))
        let alice = Presentation(uid: F.aliceUID, readError: "the tag left the field during READ page 4")
        #expect(F.decide(policy, alice).granted)
    }

    @Test func noUsersMeansDefaultDeny() {
        let decision = F.decide(F.policy([]), F.tag(F.aliceUID, .uri("https://a")))
        #expect(decision == Decision(granted: false, user: nil, rule: "default deny", reason: "no user's credential matches UID 04112233445566"))
    }
}
