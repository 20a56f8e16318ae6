import Basics
import DoorRecords
import FleetUplink
import TestSupport
import Testing

/// The network gone for an hour of the door's time: the door writes on (one decision a second,
/// its lines stamped an hour apart from first to last, the log rotating), the uplink holds
/// nothing but a bounded slice, and when the broker is back every line goes out once, in
/// order, never more in flight than the window, acknowledged out of order.
@Suite("The uplink through an hour without the network")
struct AuditUplinkOutageTests {
    @Test func anHourOfLinesWrittenOfflineGoOutOnceInOrderInBoundedSlices() throws {
        let log = try AuditLogFixture(linesAFile: 400, keep: 20)
        let state = try ScratchDirectory()
        defer { state.remove() }
        var settings = AuditUplink.Settings()
        settings.window = 32
        settings.batch = 100
        settings.saveEvery = 100
        let start = ContinuousClock.now
        let uplink = try AuditUplink(logPath: log.path, stateDirectory: state.path, settings: settings, now: start)
        let broker = AuditUplinkTests.Broker()
        try log.append(10)
        _ = try uplink.poll(publish: broker.publish)
        for (_, id) in broker.published { try uplink.acknowledge(id: id, now: start) }
        #expect(broker.lines == Array(1...10))

        broker.connected = false
        try log.append(3600)
        for _ in 0..<50 {
            _ = try uplink.poll(publish: broker.publish)
            #expect(uplink.backlog <= settings.batch, "an outage holds at most a slice of the log in memory")
        }
        #expect(broker.published.count == 10)

        broker.connected = true
        var acknowledged = broker.published.count
        var polls = 0
        while broker.published.count < 3610, polls < 1000 {
            _ = try uplink.poll(publish: broker.publish)
            #expect(broker.published.count - acknowledged <= settings.window, "never more in flight than the window")
            for (_, id) in broker.published[acknowledged...].reversed() { try uplink.acknowledge(id: id, now: start) }
            acknowledged = broker.published.count
            polls += 1
        }
        #expect(broker.lines == Array(1...3610), "every line once, in the log's order")
        #expect(polls >= 3600 / settings.window)
        try uplink.stop(now: start)
        #expect(try AuditCursorFile(directory: state.path).load()?.line == 3610)
        let entries = log.storedLines().compactMap { try? AuditEntry(jsonLine: String(decoding: $0, as: UTF8.self)) }
        #expect((entries.last?.time.epochSeconds ?? 0) - (entries.dropFirst(10).first?.time.epochSeconds ?? 0) == 3599, "an hour of the door's time")
    }
}
