import FleetUplink
import Testing

@Suite("fleet status: the doors' retained messages, read as outside input")
struct FleetStatusBoardTests {
    static let hash = String(repeating: "ab", count: 32)

    @Test func aDoorsThreeMessagesMakeItsLine() {
        var board = FleetStatusBoard()
        board.record(topic: "pn532ctl/front/status", payload: Array("online".utf8))
        board.record(topic: "pn532ctl/front/acl/state", payload: Array("{\"version\":12,\"sha256\":\"\(Self.hash)\",\"applied\":\"2026-11-27T04:00:00Z\"}".utf8))
        board.record(topic: "pn532ctl/front/audit/head", payload: Array("{\"line\":901,\"seq\":3,\"hash\":\"\(Self.hash.uppercased())\",\"at\":\"2026-11-27T04:01:00Z\"}".utf8))
        board.record(topic: "pn532ctl/back/status", payload: Array("offline".utf8))
        let doors = board.sortedDoors
        #expect(doors.map(\.id) == ["back", "front"])
        #expect(doors[0].availability == "offline" && doors[0].snapshotVersion == nil)
        var front = FleetStatusBoard.Door(id: "front")
        front.availability = "online"
        front.snapshotVersion = 12
        front.snapshotDigest = Self.hash
        front.snapshotApplied = "2026-11-27T04:00:00Z"
        front.headLine = 901
        front.headHash = Self.hash
        front.headAt = "2026-11-27T04:01:00Z"
        #expect(doors[1] == front)
        #expect(board.ignored == 0)
    }

    @Test func hostileMessagesAreProblemsNotFacts() {
        var board = FleetStatusBoard()
        board.record(topic: "pn532ctl/front/status", payload: Array("online\u{1B}[2J".utf8))
        board.record(topic: "pn532ctl/front/acl/state", payload: Array("{\"version\":-1,\"sha256\":\"zz\",\"refused\":\"bad\\u0007\"}".utf8))
        board.record(topic: "pn532ctl/front/audit/head", payload: [UInt8](repeating: 0x7B, count: FleetStatusBoard.payloadLimit + 1))
        board.record(topic: "pn532ctl/front/acl/state", payload: [0xFF, 0xFE])
        board.record(topic: "pn532ctl/front/acl/state", payload: Array("[1,2]".utf8))
        let door = board.sortedDoors.first
        #expect(door?.availability == nil)
        #expect(door?.snapshotVersion == nil && door?.snapshotDigest == nil && door?.snapshotRefusal == nil)
        #expect(door?.problems.count == 4)
    }

    @Test func otherTopicsAndBadDoorIdsAreIgnored() {
        var board = FleetStatusBoard()
        for topic in ["pn532ctl/front/audit", "pn532ctl/acl/front", "other/front/status", "pn532ctl/.hidden/status", "pn532ctl//status", "pn532ctl/front/status/x"] {
            board.record(topic: topic, payload: Array("online".utf8))
        }
        #expect(board.sortedDoors.isEmpty)
        #expect(board.ignored == 6)
    }

    @Test func theNumberOfDoorsIsBounded() {
        var board = FleetStatusBoard()
        for index in 0...FleetStatusBoard.doorLimit { board.record(topic: "pn532ctl/d\(index)/status", payload: Array("online".utf8)) }
        #expect(board.sortedDoors.count == FleetStatusBoard.doorLimit)
        #expect(board.ignored == 1)
    }
}
