import Basics
import DoorRecords
import FleetUplink
import Testing

@Suite("The audit chain head")
struct ChainHeadTests {
    static func line(_ number: Int) -> AuditFollower.Line {
        AuditFollower.Line(bytes: Array("line \(number)".utf8), position: .init(sequence: 2, line: number), digest: Array(repeating: UInt8(number), count: 32))
    }

    @Test func thePayloadIsTheDocumentedJSON() {
        let head = ChainHead(AuditCursor(Self.line(17)), at: AuditTime(epochSeconds: 1_795_332_665, nanoseconds: 250_000_000))
        #expect(String(decoding: head.payload, as: UTF8.self) == "{\"line\":17,\"seq\":2,\"hash\":\"" + String(repeating: "11", count: 32) + "\",\"at\":\"2026-11-22T07:31:05.250Z\"}")
    }

    @Test func theEventPayloadIsTheLineExactlyAsStored() throws {
        let fixture = try AuditLogFixture(linesAFile: 10, keep: 1)
        try fixture.append(2)
        let lines = try AuditFollower(path: fixture.path, after: nil).drain().lines
        #expect(lines.map(ChainHead.eventPayload) == fixture.storedLines())
        #expect(lines.map(\.digest) == fixture.storedLines().map { AuditChain.digest($0) })
    }

    @Test func theHeadIsDueWhenItMovedAndAtMostEveryInterval() {
        let start = ContinuousClock.now
        let wallClock = AuditTime(epochSeconds: 1_795_332_665)
        var schedule = ChainHeadSchedule(interval: .seconds(30))
        #expect(schedule.due(at: start, wallClock: wallClock) == nil, "nothing read yet")
        schedule.read(Self.line(1))
        #expect(schedule.due(at: start, wallClock: wallClock)?.cursor.line == 1)
        #expect(schedule.due(at: start + .seconds(31), wallClock: wallClock) == nil, "unchanged")
        schedule.read(Self.line(2))
        schedule.read(Self.line(3))
        #expect(schedule.due(at: start + .seconds(29), wallClock: wallClock) == nil, "within the interval")
        #expect(schedule.due(at: start + .seconds(30), wallClock: wallClock)?.cursor.line == 3)
    }
}
