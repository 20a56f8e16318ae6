import DoorControl
import DoorRecords
import NDEF
import Testing

@Suite("Hook events from the door's decisions")
struct HookEventPresentationTests {
    @Test func anEventFromAPresentationCarriesItsFirstURIAndTextAndNothingForTwoTags() throws {
        let presentation = Presentation(uid: [0x04, 0xA1], message: NDEFMessage(records: [.uri("https://a/"), .uri("https://b/"), try .text(TextPayload(text: "hi"))]))
        let decision = Decision(granted: false, user: nil, rule: "default deny", reason: "no user")
        let event = try #require(HookEvent(presentation: presentation, decision: decision, lockedOut: true))
        #expect(event == HookEvent(uid: "04A1", granted: false, user: nil, rule: "default deny", reason: "no user", uri: "https://a/", text: "hi", lockout: true))
        var two = presentation
        two.multipleTags = true
        #expect(HookEvent(presentation: two, decision: decision, lockedOut: false) == nil)
    }
}
