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

@Suite("Denial summaries grouped without UIDs and counters, capped in bytes an hour")
struct DenialSummaryGroupingTests {
    static func stranger(_ uid: [UInt8], at second: Int64, reason: String) -> AuditEntry {
        AuditEntry(time: AuditTime(epochSeconds: 1_795_332_665 + second), event: .decision, uid: uid, granted: false, rule: "default deny", reason: reason)
    }

    @Test func reasonsThatDifferOnlyInUIDsAndCountersAreOneGroup() {
        var summary = DenialSummary(burst: 3, window: 60)
        let admitted = (0..<40).map { index in
            let uid: [UInt8] = [4, UInt8(index), 0xA1, 0xB2, 0xC3, 0xD4, 0xE5]
            let reason = index.isMultiple(of: 2)
                ? "no user's credential matches UID \(Hex.encode(uid))"
                : "locked out (\(30 - index / 2) s left)"
            return summary.admit(Self.stranger(uid, at: Int64(index), reason: reason))
        }
        #expect(admitted.filter(\.write).count == 6, "three of each of the two rules' reasons, whatever the UID or the seconds")
        let pending = summary.flush(at: AuditTime(epochSeconds: 1_795_332_765))
        #expect(pending.count == 2)
        #expect(pending.contains { $0.reason.hasPrefix("17 more denials of unknown tags (locked out (# s left)) from ") })
        #expect(pending.contains { $0.reason.hasPrefix("17 more denials of unknown tags (no user's credential matches UID #) from ") })
    }

    @Test func theGroupingKeyKeepsWordsAndTakesOutNumbersAndLongHex() {
        #expect(DenialSummary.groupingKey("no user's credential matches UID 04A1B2C3D4E5F6") == "no user's credential matches UID #")
        #expect(DenialSummary.groupingKey("locked out (30 s left)") == "locked out (# s left)")
        #expect(DenialSummary.groupingKey("UID DEADBEEF unknown") == "UID # unknown")
        #expect(DenialSummary.groupingKey("a bad face") == "a bad face")
    }

    @Test func unknownTagLinesPastTheHourlyByteCapAreCountedAndSaidSo() {
        let line = Self.stranger([4, 1], at: 0, reason: "no user matches").jsonLine.utf8.count
        var summary = DenialSummary(burst: 3, window: 60, bytesPerHour: line * 5)
        var written = 0
        var summaries: [AuditEntry] = []
        for minute in Int64(0)..<10 {
            for second in Int64(0)..<4 {
                let result = summary.admit(Self.stranger([4, 1], at: minute * 60 + second, reason: "no user matches"))
                if result.write { written += 1 }
                summaries += result.summaries
            }
        }
        #expect(written == 5, "the cap: five lines' worth in the hour, not 3 a minute")
        summaries += summary.flush(at: AuditTime(epochSeconds: 1_795_332_665 + 700))
        let capped = summaries.compactMap { entry -> Int? in
            guard let range = entry.reason.range(of: "; ") else { return 0 }
            return Int(entry.reason[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(capped.reduce(0, +) == 40 - 5 - 1, "40 denials: 5 written, 1 past the burst in the first minute (written in the hour's budget otherwise), every other one dropped by the cap and counted")
        #expect(summaries.contains { $0.reason.contains("not written in full: over the cap of \(line * 5) bytes an hour of unknown-tag lines") })
        var nextHour = summary
        #expect(nextHour.admit(Self.stranger([4, 1], at: 3600, reason: "no user matches")).write, "a new hour writes again")
    }
}
