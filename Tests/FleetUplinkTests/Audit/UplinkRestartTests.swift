import DoorRecords
import FleetUplink
import TestSupport
import Testing

/// The pieces together as the uplink's poll loop drives them, against a broker that
/// acknowledges what the test says, with the uplink stopped (its objects dropped) and started
/// again from its cursor file.
@Suite("Restarting the uplink from its saved cursor")
struct UplinkRestartTests {
    /// An uplink's audit side: the follower, the window and the cursor file.
    final class Uplink {
        let follower: AuditFollower
        var window: PublicationWindow
        let cursorFile: AuditCursorFile
        /// Every line published, in order, with its message id.
        var published: [(line: AuditFollower.Line, id: UInt16)] = []
        private var nextID: UInt16 = 1

        init(log: String, state: String, capacity: Int) throws {
            cursorFile = AuditCursorFile(directory: state)
            let cursor = try cursorFile.load()
            follower = AuditFollower(path: log, after: cursor)
            window = PublicationWindow(capacity: capacity, after: cursor)
        }

        /// One look: lines handed out while the window has room.
        func poll() throws {
            guard window.hasRoom else { return }
            for case .line(let line) in try follower.next(limit: window.capacity - window.inFlight) {
                try window.send(line, id: nextID)
                published.append((line, nextID))
                nextID &+= 1
            }
        }

        func acknowledge(_ ids: [UInt16]) {
            for id in ids { window.acknowledge(id: id) }
        }

        /// The save at stop.
        func stop() throws {
            if let cursor = window.cursor { try cursorFile.save(cursor) }
        }
    }

    @Test func nothingIsLostOrSkippedAndTheDuplicatesAreExactlyTheUnacknowledgedLines() throws {
        let log = try AuditLogFixture(linesAFile: 3, keep: 10)
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(5)
        var uplink = try Uplink(log: log.path, state: state.path, capacity: 4)
        try uplink.poll()
        #expect(uplink.published.map(\.line.position.line) == [1, 2, 3, 4])
        uplink.acknowledge([1, 2])
        try uplink.poll()
        #expect(uplink.published.map(\.line.position.line) == [1, 2, 3, 4, 5])
        uplink.acknowledge([3])
        try uplink.stop()
        // Lines 4 and 5 were in flight; the door writes on while the uplink is down.
        try log.append(4)
        uplink = try Uplink(log: log.path, state: state.path, capacity: 4)
        try uplink.poll()
        #expect(uplink.published.map(\.line.position.line) == [4, 5, 6, 7])
        uplink.acknowledge([1, 2, 3, 4])
        try uplink.poll()
        uplink.acknowledge([5, 6])
        #expect(uplink.published.map(\.line.position.line) == [4, 5, 6, 7, 8, 9])
        #expect(uplink.published.map(\.line.bytes) == Array(log.storedLines()[3...]))
        #expect(uplink.window.cursor?.line == 9)
    }

    @Test func linesAcknowledgedAfterAnUnacknowledgedOneAreSentAgainFromIt() throws {
        let log = try AuditLogFixture(linesAFile: 3, keep: 10)
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(6)
        var uplink = try Uplink(log: log.path, state: state.path, capacity: 6)
        try uplink.poll()
        uplink.acknowledge([1, 2, 4, 6])
        try uplink.stop()
        uplink = try Uplink(log: log.path, state: state.path, capacity: 6)
        try uplink.poll()
        // Line 3 was never acknowledged: the cursor is at 2, so 3…6 come again (4 and 6 are
        // duplicates the collector drops by their line numbers).
        #expect(uplink.published.map(\.line.position.line) == [3, 4, 5, 6])
    }

    @Test func aCorruptCursorStopsTheUplinkWithAClearErrorInsteadOfStartingFromZero() throws {
        let log = try AuditLogFixture()
        let state = try ScratchDirectory()
        defer { state.remove() }
        try log.append(2)
        try state.write(AuditCursorFile.fileName, "{\"format\":\"pn532ctl-audit-cursor/1\",\"line\":2}")
        let error = #expect(throws: AuditCursorFileError.self) { try Uplink(log: log.path, state: state.path, capacity: 4) }
        #expect(error?.description.contains(state.file(AuditCursorFile.fileName)) == true)
    }
}
