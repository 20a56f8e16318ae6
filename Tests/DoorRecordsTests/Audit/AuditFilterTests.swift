import Basics
import Testing
@testable import DoorRecords

@Suite("Choosing audit entries")
struct AuditFilterTests {
    static let now = AuditTime(epochSeconds: 1_795_332_665)

    static func entry(secondsAgo: Int64, user: String?, granted: Bool?) -> AuditEntry {
        AuditEntry(time: AuditTime(epochSeconds: 1_795_332_665 - secondsAgo), event: granted == nil ? .door : .decision, user: user, granted: granted, reason: "r")
    }

    @Test(arguments: [
        ("90s", Int64(90)), ("15m", 900), ("2h", 7200), ("3d", 259_200), ("1w", 604_800), ("0m", 0),
    ])
    func relativeDurationsCountBackFromNow(text: String, seconds: Int64) {
        #expect(AuditFilter.since(text, now: Self.now) == AuditTime(epochSeconds: 1_795_332_665 - seconds))
    }

    @Test func absoluteTimesAreUTC() {
        #expect(AuditFilter.since("2026-11-22", now: Self.now) == AuditTime(iso8601: "2026-11-22T00:00:00.000Z"))
        #expect(AuditFilter.since("2026-11-22T07:00", now: Self.now) == AuditTime(epochSeconds: 1_795_330_800))
    }

    @Test(arguments: ["", "m", "15", "15x", "-5m", "+5m", "５m", "٥m", "1.5h", "5 m", "99999999999999999w", "yesterday"])
    func otherTextIsRefused(text: String) {
        #expect(AuditFilter.since(text, now: Self.now) == nil)
    }

    @Test func filtersCombine() {
        let entries = [
            Self.entry(secondsAgo: 7200, user: "alice", granted: false),
            Self.entry(secondsAgo: 60, user: "alice", granted: true),
            Self.entry(secondsAgo: 30, user: "bob", granted: false),
            Self.entry(secondsAgo: 20, user: nil, granted: false),
            Self.entry(secondsAgo: 10, user: nil, granted: nil),
        ]
        func kept(_ filter: AuditFilter) -> [Int] { entries.indices.filter { filter.matches(entries[$0]) } }
        #expect(kept(AuditFilter()) == [0, 1, 2, 3, 4])
        #expect(kept(AuditFilter(since: AuditTime(epochSeconds: 1_795_332_665 - 60))) == [1, 2, 3, 4])
        #expect(kept(AuditFilter(user: "alice")) == [0, 1])
        #expect(kept(AuditFilter(deniedOnly: true)) == [0, 2, 3])
        #expect(kept(AuditFilter(since: AuditTime(epochSeconds: 1_795_332_665 - 3600), user: "alice", deniedOnly: true)) == [])
        #expect(kept(AuditFilter(user: "alice", deniedOnly: true)) == [0])
    }
}
