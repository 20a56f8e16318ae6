import Basics
import DoorRecords
import FleetUplink
import TestSupport
import Testing

/// The audit side as the uplink's poll loop drives it, against a broker that acknowledges what
/// the test says, stopped (dropped) and started again from its cursor file.
@Suite("The uplink's audit side")
struct AuditUplinkTests {
    /// A client that takes every PUBLISH (or none while `connected` is false) and numbers them.
    final class Broker {
        var published: [(payload: [UInt8], id: UInt16)] = []
        var connected = true
        private var nextID: UInt16 = 1

        func publish(_ payload: [UInt8]) -> UInt16? {
            guard connected else { return nil }
            defer { nextID &+= 1 }
            published.append((payload, nextID))
            return nextID
        }

        /// The line numbers published, in order.
        var lines: [Int] {
            published.compactMap { String(decoding: $0.payload, as: UTF8.self).split(separator: ",").first { $0.hasPrefix("\"line\":") }.flatMap { Int($0.dropFirst(7)) } }
        }
    }

    static let start = ContinuousClock.now

    static func settings(window: Int, batch: Int = 100) -> AuditUplink.Settings {
        var settings = AuditUplink.Settings()
        settings.window = window
        settings.batch = batch
        settings.saveEvery = 1000
        settings.saveInterval = .seconds(3600)
        return settings
    }

    @Test func nothingIsLostOrSkippedAcrossARestartAndTheDuplicatesAreExactlyTheUnacknowledgedLines() throws {
        let log = try AuditLogFixture(linesAFile: 3, keep: 10)
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(5)
        var broker = Broker()
        var uplink = try AuditUplink(logPath: log.path, stateDirectory: state.path, settings: Self.settings(window: 4), now: Self.start)
        _ = try uplink.poll(publish: broker.publish)
        #expect(broker.lines == [1, 2, 3, 4])
        for id: UInt16 in [1, 2] { try uplink.acknowledge(id: id, now: Self.start) }
        _ = try uplink.poll(publish: broker.publish)
        #expect(broker.lines == [1, 2, 3, 4, 5])
        try uplink.acknowledge(id: 3, now: Self.start)
        try uplink.stop(now: Self.start)
        // Lines 4 and 5 were in flight; the door writes on while the uplink is down.
        try log.append(4)
        broker = Broker()
        uplink = try AuditUplink(logPath: log.path, stateDirectory: state.path, settings: Self.settings(window: 4), now: Self.start)
        _ = try uplink.poll(publish: broker.publish)
        #expect(broker.lines == [4, 5, 6, 7])
        for id: UInt16 in [1, 2, 3, 4] { try uplink.acknowledge(id: id, now: Self.start) }
        _ = try uplink.poll(publish: broker.publish)
        #expect(broker.published.map(\.payload) == Array(log.storedLines()[3...]))
        #expect(uplink.window.cursor?.line == 7)
    }

    @Test func linesAcknowledgedAfterAnUnacknowledgedOneAreSentAgainFromIt() throws {
        let log = try AuditLogFixture(linesAFile: 3, keep: 10)
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(6)
        let broker = Broker()
        let uplink = try AuditUplink(logPath: log.path, stateDirectory: state.path, settings: Self.settings(window: 6), now: Self.start)
        _ = try uplink.poll(publish: broker.publish)
        for id: UInt16 in [1, 2, 4, 6] { try uplink.acknowledge(id: id, now: Self.start) }
        try uplink.stop(now: Self.start)
        let again = Broker()
        _ = try AuditUplink(logPath: log.path, stateDirectory: state.path, settings: Self.settings(window: 6), now: Self.start).poll(publish: again.publish)
        // Line 3 was never acknowledged: the cursor is at 2, so 3…6 come again (4 and 6 are
        // duplicates the collector drops by their line numbers).
        #expect(again.lines == [3, 4, 5, 6])
    }

    @Test func linesWaitWhileTheClientTakesNoneAndGoOutInOrderAfter() throws {
        let log = try AuditLogFixture(linesAFile: 3, keep: 10)
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(7)
        let broker = Broker()
        broker.connected = false
        let uplink = try AuditUplink(logPath: log.path, stateDirectory: state.path, settings: Self.settings(window: 3, batch: 5), now: Self.start)
        _ = try uplink.poll(publish: broker.publish)
        #expect(broker.lines.isEmpty)
        #expect(uplink.backlog == 5)
        broker.connected = true
        _ = try uplink.poll(publish: broker.publish)
        #expect(broker.lines == [1, 2, 3])
        for id: UInt16 in [1, 2, 3] { try uplink.acknowledge(id: id, now: Self.start) }
        _ = try uplink.poll(publish: broker.publish)
        _ = try uplink.poll(publish: broker.publish)
        for id: UInt16 in [4, 5, 6] { try uplink.acknowledge(id: id, now: Self.start) }
        _ = try uplink.poll(publish: broker.publish)
        #expect(broker.lines == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test func aCleanSessionSendsTheUnacknowledgedLinesAgain() throws {
        let log = try AuditLogFixture(linesAFile: 3, keep: 10)
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(4)
        let broker = Broker()
        let uplink = try AuditUplink(logPath: log.path, stateDirectory: state.path, settings: Self.settings(window: 8), now: Self.start)
        _ = try uplink.poll(publish: broker.publish)
        try uplink.acknowledge(id: 1, now: Self.start)
        uplink.restartFromCursor()
        _ = try uplink.poll(publish: broker.publish)
        #expect(broker.lines == [1, 2, 3, 4, 2, 3, 4])
    }

    @Test func theCursorIsSavedEveryKAcknowledgementsAndAtStop() throws {
        let log = try AuditLogFixture(linesAFile: 3, keep: 10)
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(5)
        var settings = Self.settings(window: 8)
        settings.saveEvery = 2
        let broker = Broker()
        let uplink = try AuditUplink(logPath: log.path, stateDirectory: state.path, settings: settings, now: Self.start)
        _ = try uplink.poll(publish: broker.publish)
        try uplink.acknowledge(id: 1, now: Self.start)
        #expect(try uplink.cursorFile.load() == nil)
        try uplink.acknowledge(id: 2, now: Self.start)
        #expect(try uplink.cursorFile.load()?.line == 2)
        try uplink.acknowledge(id: 3, now: Self.start)
        #expect(try uplink.cursorFile.load()?.line == 2)
        try uplink.stop(now: Self.start)
        #expect(try uplink.cursorFile.load()?.line == 3)
    }

    @Test func theHeadIsTheNewestLineReadNotTheNewestAcknowledged() throws {
        let log = try AuditLogFixture(linesAFile: 3, keep: 10)
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(5)
        let uplink = try AuditUplink(logPath: log.path, stateDirectory: state.path, settings: Self.settings(window: 2), now: Self.start)
        _ = try uplink.poll(publish: Broker().publish)
        let head = uplink.headDue(at: Self.start, wallClock: AuditTime(epochSeconds: 1_795_332_665))
        #expect(head?.cursor.line == 5)
        #expect(head?.cursor.digest == AuditChain.digest(log.storedLines()[4]))
    }

    @Test func aCorruptCursorStopsTheUplinkWithAClearErrorInsteadOfStartingFromZero() throws {
        let log = try AuditLogFixture()
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(2)
        try state.write(AuditCursorFile.fileName, "{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":2}")
        let error = #expect(throws: AuditCursorFileError.self) { try AuditUplink(logPath: log.path, stateDirectory: state.path, now: Self.start) }
        #expect(error?.description.contains(state.file(AuditCursorFile.fileName)) == true)
        #expect(error?.description.contains("\"seq\"") == true)
    }
}
