import DoorRecords
import FleetUplink
import Testing

@Suite("The QoS 1 publication window")
struct PublicationWindowTests {
    static func line(_ number: Int) -> AuditFollower.Line {
        AuditFollower.Line(bytes: Array("line \(number)".utf8), position: .init(sequence: 1, line: number), digest: Array(repeating: UInt8(number % 256), count: 32))
    }

    @Test func noMoreThanCapacityLinesAreInFlight() throws {
        var window = PublicationWindow(capacity: 3, after: nil)
        for number in 1...3 { try window.send(Self.line(number), id: UInt16(number)) }
        #expect(!window.hasRoom)
        #expect(throws: PublicationWindowError.full(capacity: 3)) { try window.send(Self.line(4), id: 4) }
        #expect(window.inFlight == 3)
        window.acknowledge(id: 2)
        #expect(!window.hasRoom, "a line acknowledged behind an unacknowledged one still holds its place")
        window.acknowledge(id: 1)
        #expect(window.inFlight == 1)
        try window.send(Self.line(4), id: 4)
    }

    @Test func theCursorMovesOnlyToTheNewestLineBelowWhichAllAreAcknowledged() throws {
        var window = PublicationWindow(capacity: 8, after: nil)
        for number in 1...5 { try window.send(Self.line(number), id: UInt16(100 + number)) }
        #expect(window.acknowledge(id: 103) == 0)
        #expect(window.acknowledge(id: 105) == 0)
        #expect(window.cursor == nil)
        #expect(window.acknowledge(id: 101) == 1)
        #expect(window.cursor?.line == 1)
        #expect(window.acknowledge(id: 102) == 2)
        #expect(window.cursor == AuditCursor(Self.line(3)))
        #expect(window.unacknowledged == [Self.line(4)])
        #expect(window.acknowledge(id: 104) == 2)
        #expect(window.cursor?.line == 5)
        #expect(window.inFlight == 0)
    }

    @Test func anUnknownOrRepeatedAcknowledgementChangesNothing() throws {
        var window = PublicationWindow(capacity: 4, after: AuditCursor(Self.line(9)))
        try window.send(Self.line(10), id: 7)
        #expect(window.acknowledge(id: 8) == 0)
        #expect(window.cursor?.line == 9)
        #expect(window.acknowledge(id: 7) == 1)
        #expect(window.acknowledge(id: 7) == 0)
        #expect(window.cursor?.line == 10)
    }

    @Test func aMessageIdStillInFlightIsNotTakenAgain() throws {
        var window = PublicationWindow(capacity: 4, after: nil)
        try window.send(Self.line(1), id: 1)
        #expect(throws: PublicationWindowError.idInFlight(1)) { try window.send(Self.line(2), id: 1) }
        window.acknowledge(id: 1)
        try window.send(Self.line(2), id: 1)
    }
}
