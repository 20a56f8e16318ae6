import DoorRecords
import FleetUplink
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Following the audit log")
struct AuditFollowerTests {
    @Test func withoutACursorEveryLineOnDiskIsHandedOutOldestFirstAsStored() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 5)
        try fixture.append(8)
        let events = try AuditFollower(path: fixture.path, after: nil).drain()
        #expect(events.lineNumbers == Array(1...8))
        #expect(events.lines.map(\.bytes) == fixture.storedLines())
        #expect(events.lines.map(\.position.sequence) == [1, 1, 1, 2, 2, 2, 3, 3])
        #expect(events.gaps.isEmpty)
    }

    @Test func linesWrittenAcrossRotationsBetweenTwoLooksAreAllHandedOut() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 5)
        try fixture.append(2)
        let follower = AuditFollower(path: fixture.path, after: nil)
        #expect(try follower.drain().lineNumbers == [1, 2])
        #expect(try follower.next(limit: 10).isEmpty)
        try fixture.append(1)
        #expect(try follower.drain().lineNumbers == [3])
        try fixture.append(7)
        #expect(try follower.drain().lineNumbers == Array(4...10))
        try fixture.append(1)
        #expect(try follower.drain().lineNumbers == [11])
    }

    @Test func eachLookHandsOutAtMostLimitLines() throws {
        let fixture = try AuditLogFixture(linesAFile: 4, keep: 5)
        try fixture.append(10)
        let follower = AuditFollower(path: fixture.path, after: nil)
        #expect(try follower.next(limit: 3).lineNumbers == [1, 2, 3])
        #expect(try follower.next(limit: 3).lineNumbers == [4, 5, 6])
        #expect(try follower.next(limit: 3).lineNumbers == [7, 8, 9])
        #expect(try follower.next(limit: 3).lineNumbers == [10])
        #expect(try follower.next(limit: 3).isEmpty)
    }

    @Test func aHalfWrittenLineIsHandedOutOnlyOnceItsNewlineIsThere() throws {
        let fixture = try AuditLogFixture(linesAFile: 100, keep: 1)
        try fixture.append(1)
        let follower = AuditFollower(path: fixture.path, after: nil)
        #expect(try follower.drain().lineNumbers == [1])
        let stored = fixture.storedLines()
        let next = AuditChain.linked(AuditLogFixture.entry(2).jsonLine, previous: AuditChain.digest(stored[0]), at: .init(sequence: 1, line: 2))
        let bytes = Array(next.utf8)
        fixture.appendRaw(Array(bytes[..<40]))
        #expect(try follower.next(limit: 10).isEmpty)
        fixture.appendRaw(Array(bytes[40...]))
        #expect(try follower.next(limit: 10).isEmpty)
        fixture.appendRaw([UInt8(ascii: "\n")])
        let events = try follower.next(limit: 10)
        #expect(events.lineNumbers == [2])
        #expect(events.lines.first?.bytes == bytes)
    }

    @Test func aCursorResumesAfterItsLineAcrossRotationsWhileAway() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 5)
        try fixture.append(4)
        let first = try AuditFollower(path: fixture.path, after: nil).drain()
        let cursor = try #require(first.lines.last.map(AuditCursor.init))
        #expect(cursor.line == 4)
        try fixture.append(9)
        let resumed = try AuditFollower(path: fixture.path, after: cursor).drain()
        #expect(resumed.lineNumbers == Array(5...13))
        #expect(resumed.gaps.isEmpty)
    }

    @Test func aCursorWhoseLineWasRotatedAwayResumesWithTheLineAfterIt() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 1)
        try fixture.append(3)
        let cursor = try #require(try AuditFollower(path: fixture.path, after: nil).drain().lines.last.map(AuditCursor.init))
        try fixture.append(3)
        try fixture.append(1)
        // Lines 1-3 are gone (keep 1): line 4 links to the cursor's line 3, so nothing is missing.
        let resumed = try AuditFollower(path: fixture.path, after: cursor).drain()
        #expect(resumed.lineNumbers == [4, 5, 6, 7])
        #expect(resumed.gaps.isEmpty)
    }

    @Test func aRotatedFileDeletedBeforeItWasReadIsReportedAsAGapAndFollowingGoesOn() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 5)
        try fixture.append(2)
        let follower = AuditFollower(path: fixture.path, after: nil)
        #expect(try follower.drain().lineNumbers == [1, 2])
        try fixture.append(7)
        // Lines 1-3 in .2 (still open in the follower), 4-6 in .1, 7-9 in the log: remove .1.
        #expect(unlink(fixture.path + ".1") == 0)
        let events = try follower.drain()
        #expect(events.lineNumbers == [3, 7, 8, 9])
        #expect(events.gaps == [4...6])
        #expect(events.firstIndex(of: .gap(4...6)) == 1)
    }

    @Test func aRotatedFileDeletedWhileTheUplinkWasDownIsReportedAsAGap() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 5)
        try fixture.append(3)
        let cursor = try #require(try AuditFollower(path: fixture.path, after: nil).drain().lines.last.map(AuditCursor.init))
        try fixture.append(7)
        // Lines 1-3 in .3, 4-6 in .2, 7-9 in .1, 10 in the log: remove .2.
        #expect(unlink(fixture.path + ".2") == 0)
        let events = try AuditFollower(path: fixture.path, after: cursor).drain()
        #expect(events.gaps == [4...6])
        #expect(events.lineNumbers == [7, 8, 9, 10])
    }

    @Test func aCursorPointingIntoAReplacedLogIsDetected() throws {
        let old = try AuditLogFixture(linesAFile: 3, keep: 5)
        try old.append(5)
        let cursor = try #require(try AuditFollower(path: old.path, after: nil).drain().lines.last.map(AuditCursor.init))
        // Another log of as many lines: line 5 exists but is another line.
        let replaced = try AuditLogFixture(linesAFile: 3, keep: 5)
        try replaced.log.append(AuditLogFixture.entry(100))
        try replaced.append(4)
        let follower = AuditFollower(path: replaced.path, after: cursor)
        let error = #expect(throws: AuditFollowerError.self) { try follower.next(limit: 10) }
        guard case .notTheCursorsLog(let evidence)? = error?.reason else {
            Issue.record("expected the cursor's line not to be found, got \(String(describing: error))")
            return
        }
        #expect(evidence.contains("line 5"))
        #expect(error?.description.contains("remove the uplink's audit cursor") == true)
    }

    @Test func aCursorPastTheEndOfTheLogIsDetected() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 5)
        try fixture.append(5)
        let lines = try AuditFollower(path: fixture.path, after: nil).drain().lines
        let cursor = AuditCursor(line: 9, sequence: 3, digest: try #require(lines.last?.digest))
        let error = #expect(throws: AuditFollowerError.self) { try AuditFollower(path: fixture.path, after: cursor).next(limit: 10) }
        #expect(error?.reason == .notTheCursorsLog("the log ends at line 5, before line 9 the cursor names"))
    }

    @Test func aLogReplacedWhileFollowedIsDetectedNotFollowedFromItsStart() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 0)
        try fixture.append(2)
        let follower = AuditFollower(path: fixture.path, after: nil)
        #expect(try follower.drain().lineNumbers == [1, 2])
        // The log removed and the door restarted: numbering starts again at 1.
        #expect(unlink(fixture.path) == 0)
        try fixture.restartDoor()
        try fixture.log.append(AuditLogFixture.entry(1))
        let error = #expect(throws: AuditFollowerError.self) { try follower.next(limit: 10) }
        #expect(error?.reason == .notTheCursorsLog("line 1 in \(fixture.path) comes after line 2: the numbering went back"))
    }

    @Test func aDoorRestartContinuesTheLogAndTheFollowerWithIt() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 5)
        try fixture.append(2)
        let follower = AuditFollower(path: fixture.path, after: nil)
        #expect(try follower.drain().lineNumbers == [1, 2])
        try fixture.restartDoor()
        try fixture.append(3)
        #expect(try follower.drain().lineNumbers == [3, 4, 5])
    }

    @Test func noLogYetIsNothingToFollowNotAnError() throws {
        let fixture = try AuditLogFixture()
        #expect(unlink(fixture.path) == 0)
        let follower = AuditFollower(path: fixture.path, after: nil)
        #expect(try follower.next(limit: 10).isEmpty)
        try fixture.restartDoor()
        try fixture.append(2)
        #expect(try follower.drain().lineNumbers == [1, 2])
    }
}

extension AuditFollowerTests {
    @Test func afterALogWasFoundReplacedEveryLaterLookSaysSoAgain() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 5)
        try fixture.append(5)
        let cursor = AuditCursor(line: 4, sequence: 2, digest: [UInt8](repeating: 0xAB, count: 32))
        let follower = AuditFollower(path: fixture.path, after: cursor)
        let first = #expect(throws: AuditFollowerError.self) { try follower.next(limit: 10) }
        let second = #expect(throws: AuditFollowerError.self) { try follower.next(limit: 10) }
        #expect(first != nil)
        #expect(second == first)
    }
}

extension AuditFollowerTests {
    @Test func aFileCutBelowWhatWasReadIsDetected() throws {
        let fixture = try AuditLogFixture(linesAFile: 10, keep: 1)
        try fixture.append(3)
        let follower = AuditFollower(path: fixture.path, after: nil)
        #expect(try follower.drain().lineNumbers == [1, 2, 3])
        #expect(truncate(fixture.path, 10) == 0)
        let error = #expect(throws: AuditFollowerError.self) { try follower.next(limit: 10) }
        guard case .notTheCursorsLog(let evidence)? = error?.reason else {
            Issue.record("expected the cut to be reported, got \(String(describing: error))")
            return
        }
        #expect(evidence.contains("shorter than"))
    }
}

extension AuditFollowerTests {
    @Test func aCursorWhoseLineWasRotatedAwayButWhoseNextLineDoesNotLinkToItIsDetected() throws {
        let fixture = try AuditLogFixture(linesAFile: 3, keep: 1)
        try fixture.append(7)
        // Lines 1-3 are gone; line 4 links to the real line 3, not to this cursor's.
        let cursor = AuditCursor(line: 3, sequence: 1, digest: [UInt8](repeating: 0x33, count: 32))
        let error = #expect(throws: AuditFollowerError.self) { try AuditFollower(path: fixture.path, after: cursor).next(limit: 10) }
        #expect(error?.reason == .notTheCursorsLog("line 4 in \(fixture.path).1 does not link to line 3 the uplink read before it"))
    }
}

extension AuditFollowerTests {
    @Test func aLineThatIsNotAnAuditLineIsReportedAndSkipped() throws {
        let fixture = try AuditLogFixture(linesAFile: 10, keep: 1)
        try fixture.append(1)
        let garbageOffset = try #require(fixture.directory.read("audit.jsonl")).utf8.count
        fixture.appendRaw(Array("not an audit line\n".utf8))
        try fixture.append(1)
        let events = try AuditFollower(path: fixture.path, after: nil).drain()
        #expect(events.lineNumbers == [1, 2])
        #expect(events.count == 3)
        #expect(events.dropFirst().first == .skipped(file: fixture.path, offset: garbageOffset))
    }

    @Test func aLineLongerThanTheLimitStopsFollowingWithoutReadingItAll() throws {
        let fixture = try AuditLogFixture(linesAFile: 10, keep: 1)
        try fixture.append(1)
        let start = try #require(fixture.directory.read("audit.jsonl")).utf8.count
        fixture.appendRaw([UInt8](repeating: UInt8(ascii: "a"), count: AuditLogReader.lineLimit.bytes + 70_000))
        let follower = AuditFollower(path: fixture.path, after: nil)
        #expect(try follower.next(limit: 10).lineNumbers == [1], "the line before is not lost with the error")
        let error = #expect(throws: AuditFollowerError.self) { try follower.next(limit: 10) }
        #expect(error == AuditFollowerError(path: fixture.path, .lineTooLong(offset: start)))
        let again = #expect(throws: AuditFollowerError.self) { try follower.next(limit: 10) }
        #expect(again == error)
    }
}
