import FleetUplink

/// libFuzzer entry point: a retained message as `fleet status` receives it from the broker.
/// The first byte picks the topic (status, acl/state or audit/head of door `d`, or another),
/// the rest is the payload. Whatever it is, the board holds at most one door, and every field
/// it keeps is bounded and free of control characters. Anything else traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFleetStatus(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = bytes.first else { return 0 }
    let topics = ["pn532ctl/d/status", "pn532ctl/d/acl/state", "pn532ctl/d/audit/head", "pn532ctl/d/audit"]
    var board = FleetStatusBoard()
    board.record(topic: topics[Int(selector) % topics.count], payload: Array(bytes.dropFirst()))
    board.record(topic: topics[Int(selector / 4) % topics.count], payload: Array(bytes.dropFirst()))
    let doors = board.sortedDoors
    precondition(doors.count <= 1, "one door id gave \(doors.count) doors")
    for door in doors {
        for text in [door.snapshotApplied, door.snapshotRefusal, door.doorError, door.headAt].compactMap({ $0 }) {
            precondition(text.utf8.count <= 512 && !text.unicodeScalars.contains { $0.value < 0x20 }, "unbounded or control text kept: \(text.debugDescription)")
        }
        for digest in [door.snapshotDigest, door.headHash].compactMap({ $0 }) { precondition(digest.utf8.count == 64, "a digest of \(digest.utf8.count) characters") }
        precondition(door.problems.count <= 8, "\(door.problems.count) problems kept")
    }
    return 0
}
