import Basics
import DoorRecords
import Testing

@Suite("Denials of unknown tags summarised")
struct DenialSummaryTests {
    static func stranger(at second: Int64, reason: String = "no user matches") -> AuditEntry {
        AuditEntry(time: AuditTime(epochSeconds: 1_795_332_665 + second), event: .decision, uid: [4, 0xEE], granted: false, rule: "default deny", reason: reason)
    }

    @Test func aFloodWritesTheFirstFewAndOneSummaryPerWindow() {
        var summary = DenialSummary(burst: 3, window: 60)
        let admitted = (0..<100).map { summary.admit(Self.stranger(at: Int64($0) / 4)) }
        #expect(admitted.filter(\.write).count == 3)
        #expect(admitted.allSatisfy { $0.summaries.isEmpty }, "25 s of flood: the window has not ended")
        let next = summary.admit(Self.stranger(at: 61))
        #expect(next.write, "a new window writes in full again")
        #expect(next.summaries.count == 1)
        #expect(next.summaries.first?.event == .summary)
        #expect(next.summaries.first?.reason.hasPrefix("97 more denials of unknown tags (no user matches)") == true)
    }

    @Test func grantsAndKnownUsersAreNeverHeldBack() {
        var summary = DenialSummary(burst: 1, window: 60)
        for second in Int64(0)..<10 {
            #expect(summary.admit(AuditEntry(time: AuditTime(epochSeconds: second), event: .decision, uid: [4], user: "bob", granted: false, rule: "r", reason: "expired")).write)
            #expect(summary.admit(AuditEntry(time: AuditTime(epochSeconds: second), event: .relay, reason: "energised")).write)
        }
    }

    @Test func differentReasonsHaveTheirOwnWindowsAndFlushWritesWhatIsPending() {
        var summary = DenialSummary(burst: 1, window: 60)
        for second in 0..<5 {
            _ = summary.admit(Self.stranger(at: Int64(second), reason: "a"))
            _ = summary.admit(Self.stranger(at: Int64(second), reason: "b"))
        }
        let pending = summary.flush(at: AuditTime(epochSeconds: 1_795_332_675))
        #expect(pending.map(\.reason).map { $0.prefix(37) } == ["4 more denials of unknown tags (a) fr", "4 more denials of unknown tags (b) fr"])
        #expect(summary.flush(at: AuditTime(epochSeconds: 1_795_332_676)).isEmpty)
    }
}
