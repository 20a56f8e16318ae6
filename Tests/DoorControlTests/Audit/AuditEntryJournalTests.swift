import Basics
import DoorRecords
import Testing
@testable import DoorControl

@Suite("Audit entries from the door's journal")
struct AuditEntryJournalTests {
    static let time = AuditTime(epochSeconds: 1_795_332_665)

    /// `event: reason`, or nil when the journal entry is not audited.
    static func event(_ journal: JournalEntry) -> String? {
        AuditEntry(journal: journal, at: time).map { "\($0.event.rawValue): \($0.reason)" }
    }

    @Test func doorEventsAreAudited() {
        #expect(Self.event(.note(.exitRequested)) == "exit: exit button pressed")
        #expect(Self.event(.note(.doorOpened)) == "door: opened")
        #expect(Self.event(.note(.doorClosed)) == "door: closed")
        #expect(Self.event(.note(.heldOpen(.seconds(45)))) == "alarm: held open for 45 s")
        #expect(Self.event(.note(.doorbell)) == "doorbell: rang")
        #expect(Self.event(.reader(.lost("no ACK"))) == "reader: lost: no ACK")
        #expect(Self.event(.reader(.recovered(step: "reset"))) == "reader: recovered after reset")
        #expect(Self.event(.reader(.opened("/dev/serial0"))) == "reader: opened /dev/serial0")
    }

    @Test func tagMovementsStayInTheOperationalLogRelayAndFaultsAreAudited() {
        #expect(Self.event(.note(.unlocked("granted alice"))) == "relay: energised (unlocked): granted alice")
        #expect(Self.event(.note(.locked("pulse ended"))) == "relay: released (locked): pulse ended")
        #expect(Self.event(.removed(uid: [4, 1])) == nil)
        #expect(Self.event(.reader(.recoveryFailed(step: "wake", reason: "timeout"))) == nil)
        #expect(Self.event(.outputFailed("relay")) == "fault: output failed: relay")
    }

    @Test func decisionsCarryEverything() {
        let decision = Decision(granted: true, user: "alice", rule: "users[0]", reason: "UID matches")
        let entry = AuditEntry(journal: .decision(decision, Presentation(uid: [0, 1, 2, 3], product: "NTAG215")), at: Self.time)
        #expect(entry == AuditEntry(time: Self.time, event: .decision, uid: [0, 1, 2, 3], user: "alice", granted: true, rule: "users[0]", reason: "UID matches", product: "NTAG215"))
    }

    @Test func lockoutAndConfigurationEntries() {
        let end = AuditTime(epochSeconds: 1_795_332_695)
        let lockout = AuditEntry.lockout(at: Self.time, until: end, denials: 5)
        #expect(lockout.event == .lockout)
        #expect(lockout.reason == "5 denials: presentations ignored until 2026-11-22T07:31:35.000Z")
        #expect(AuditEntry.configuration(at: Self.time, path: "/etc/d.toml", rejection: nil).reason == "/etc/d.toml reloaded")
        #expect(AuditEntry.configuration(at: Self.time, path: "/etc/d.toml", rejection: "line 3: bad").reason == "/etc/d.toml rejected, previous kept: line 3: bad")
    }
}
