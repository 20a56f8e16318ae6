import Basics
import DoorRecords
import FleetUplink
import Testing

@Suite("Home Assistant events from audit lines: access, tag scans, lock state, availability")
struct HomeAssistantEventTests {
    static let time = AuditTime(epochSeconds: 1_764_178_750)

    static func decision(granted: Bool?, user: String? = "alice") -> AuditEntry {
        AuditEntry(
            time: time, event: .decision, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66], user: user, granted: granted,
            rule: "users[0] \"alice\" credentials[0] uid", reason: "UID 04112233445566 matches", product: "NTAG215")
    }

    @Test func aGrantIsAGrantedEventWithWhatTheLogShows() throws {
        let event = try #require(HomeAssistantAccessEvent(Self.decision(granted: true)))
        #expect(event.type == .granted)
        #expect(event.payload == #"{"event_type":"granted","time":"\#(Self.time.iso8601)","user":"alice","rule":"users[0] \"alice\" credentials[0] uid","reason":"UID 04112233445566 matches","uid":"04112233445566"}"#)
        #expect(event.tagPayload == #"{"uid":"04112233445566"}"#)
    }

    @Test func aDenialOfAnUnknownTagHasNoUser() throws {
        var entry = Self.decision(granted: false, user: nil)
        entry.rule = "default deny"
        entry.reason = "no user's credential matches UID 04112233445566"
        let event = try #require(HomeAssistantAccessEvent(entry))
        #expect(event.payload == #"{"event_type":"denied","time":"\#(Self.time.iso8601)","rule":"default deny","reason":"no user's credential matches UID 04112233445566","uid":"04112233445566"}"#)
    }

    @Test func noUIDIsAddedWhereTheLineHasNone() throws {
        var entry = Self.decision(granted: false)
        entry.uid = nil
        let event = try #require(HomeAssistantAccessEvent(entry))
        #expect(!event.payload.contains("\"uid\""))
        #expect(event.tagPayload == nil)
    }

    @Test(arguments: AuditEntry.Event.allCases)
    func everyKindOfLineIsMappedOrSkippedOnPurpose(kind: AuditEntry.Event) {
        var entry = Self.decision(granted: true)
        entry.event = kind
        let event = HomeAssistantAccessEvent(entry)
        #expect((event != nil) == (kind == .decision), "\(kind)")
        #expect(HomeAssistantAccessEvent(Self.decision(granted: nil)) == nil, "a decision without its verdict")
    }

    @Test func hostileTextInTheLineStaysInsideItsValue() throws {
        var entry = Self.decision(granted: true, user: "eve\",\"event_type\":\"granted")
        entry.reason = "x\n\u{0}"
        let payload = try #require(HomeAssistantAccessEvent(entry)).payload
        #expect(payload.contains(#""user":"eve\",\"event_type\":\"granted""#))
        #expect(payload.contains(#""reason":"x\n\u0000""#))
    }

    @Test func relayLinesGiveTheLockStateAndNothingElseDoes() {
        #expect(HomeAssistantLockState(relay: AuditEntry(time: Self.time, event: .relay, reason: "energised (unlocked): granted alice")) == .unlocked)
        #expect(HomeAssistantLockState(relay: AuditEntry(time: Self.time, event: .relay, reason: "released (locked): pulse ended")) == .locked)
        #expect(HomeAssistantLockState(relay: AuditEntry(time: Self.time, event: .relay, reason: "something else")) == nil)
        #expect(HomeAssistantLockState(relay: AuditEntry(time: Self.time, event: .exit, reason: "energised (unlocked): exit")) == nil)
        #expect(HomeAssistantLockState.locked.payload == "LOCKED")
        #expect(HomeAssistantLockState.unlocked.payload == "UNLOCKED")
        #expect(HomeAssistantAvailability.online.payload == "online")
        #expect(HomeAssistantAvailability.offline.payload == "offline")
    }
}
