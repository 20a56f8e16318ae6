import Foundation
import Testing

@Suite("pn532ctl door log on large logs")
struct DoorLogStreamingTests {
    static func entry(_ index: Int) -> String {
        let second = String(index % 60), minute = String(index / 60 % 60)
        let time = "2024-11-20T08:\(minute.count == 1 ? "0" + minute : minute):\(second.count == 1 ? "0" + second : second).000Z"
        return #"{"time":"\#(time)","event":"decision","uid":"04A22B1A5C6E80","user":"user\#(index)","granted":true,"rule":"users[\#(index)]","reason":"UID matches"}"#
    }

    @Test func entriesPastOnePrintedBlockComeOutInOrderAligned() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("audit.jsonl").path
        let lines = (0..<2500).map(Self.entry)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))

        let table = try pn532ctl(["door", "log", "--file", path])
        #expect(table.status == 0)
        let rows = table.output.split(separator: "\n").map(String.init)
        #expect(rows.count == 2500)
        #expect(rows.first?.hasPrefix("2024-11-20T08:00:00.000Z  decision  granted  04A22B1A5C6E80  user0   ") == true)
        #expect(rows.last?.hasSuffix("user2499  users[2499]  UID matches") == true)
        // Columns never narrow from one block to the next: the reason starts no earlier later on.
        let reasonColumns = rows.map { $0.count - "UID matches".count }
        #expect(zip(reasonColumns, reasonColumns.dropFirst()).allSatisfy { $0 <= $1 })

        let json = try pn532ctl(["door", "log", "--file", path, "--json"])
        #expect(json.output == lines.map { $0 + "\n" }.joined())
    }

    @Test func aLogOfNothingButGarbageExits65() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("audit.jsonl").path
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x0A, 0x00, 0x01, 0x0A]).write(to: URL(fileURLWithPath: path))
        let result = try pn532ctl(["door", "log", "--file", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("none of its 2 lines is an audit entry"))
    }
}
