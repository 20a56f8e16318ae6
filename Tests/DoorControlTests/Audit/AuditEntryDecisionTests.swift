import Basics
import DoorControl
import DoorRecords
import Testing

@Suite("Audit entries for decisions")
struct AuditEntryDecisionTests {
    static let time = AuditTime(epochSeconds: 1_795_332_665, nanoseconds: 123_000_000)

    @Test func aDecisionEntryCarriesThePresentation() {
        let decision = Decision(granted: false, user: "bob", rule: "users[1].schedule", reason: "outside the schedule")
        let presentation = Presentation(uid: [0x04, 0x01], product: "NTAG213")
        let entry = AuditEntry(decision: decision, presentation: presentation, at: Self.time)
        #expect(entry == AuditEntry(
            time: Self.time, event: .decision, uid: [0x04, 0x01], user: "bob", granted: false,
            rule: "users[1].schedule", reason: "outside the schedule", product: "NTAG213"))
    }
}
