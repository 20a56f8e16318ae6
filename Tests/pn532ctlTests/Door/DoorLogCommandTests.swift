import Foundation
import Testing

@Suite("door log")
struct DoorLogCommandTests {
    /// An audit log with two rotated files, a corrupt line, and two entries relative to now
    /// (3 hours and 10 minutes ago).
    final class PreparedLog {
        let directory: URL
        var path: String { directory.appendingPathComponent("audit.jsonl").path }

        static let aliceGrant = #"{"time":"2024-11-20T08:00:00.000Z","event":"decision","uid":"04A22B1A5C6E80","user":"alice","granted":true,"rule":"users[0].credentials[0] uid","reason":"UID matches","product":"NTAG215"}"#
        static let unknownDenied = #"{"time":"2024-11-21T09:15:30.250Z","event":"decision","uid":"00A1B2C3","granted":false,"rule":"default deny","reason":"no rule matches"}"#
        static let doorOpened = #"{"time":"2024-11-22T07:31:05.123Z","event":"door","reason":"opened"}"#
        let bobDenied: String
        let aliceRecent: String

        init() throws {
            directory = try temporaryDirectory()
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let threeHoursAgo = formatter.string(from: Date().addingTimeInterval(-3 * 3600))
            let tenMinutesAgo = formatter.string(from: Date().addingTimeInterval(-600))
            bobDenied = #"{"time":"\#(threeHoursAgo)","event":"decision","uid":"04112233445566","user":"bob","granted":false,"rule":"users[1].schedule","reason":"outside the schedule"}"#
            aliceRecent = #"{"time":"\#(tenMinutesAgo)","event":"decision","uid":"04A22B1A5C6E80","user":"alice","granted":true,"rule":"users[0].credentials[0] uid","reason":"UID matches"}"#
            try write("audit.jsonl.2", [Self.aliceGrant])
            try write("audit.jsonl.1", [Self.unknownDenied, "{broken"])
            try write("audit.jsonl", [Self.doorOpened, bobDenied, aliceRecent])
        }

        private func write(_ name: String, _ lines: [String]) throws {
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: directory.appendingPathComponent(name))
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    static func run(_ log: PreparedLog, _ arguments: [String]) throws -> CommandResult {
        try pn532ctl(["door", "log", "--file", log.path] + arguments)
    }

    @Test func everyEntryOldestFirstOneAlignedLineEach() throws {
        let log = try PreparedLog()
        let result = try Self.run(log, [])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.first == "2024-11-20T08:00:00.000Z  decision  granted  04A22B1A5C6E80  alice  users[0].credentials[0] uid  UID matches")
        #expect(lines.dropFirst().first == "2024-11-21T09:15:30.250Z  decision  denied   00A1B2C3        -      default deny                 no rule matches")
        #expect(lines.dropFirst(2).first == "2024-11-22T07:31:05.123Z  door      -        -               -      -                            opened")
        #expect(lines.dropFirst(3).first?.hasSuffix("  decision  denied   04112233445566  bob    users[1].schedule            outside the schedule") == true)
        #expect(result.standardError == "pn532ctl: skipped 1 corrupt line in \(log.path) and its rotated files\n")
    }

    @Test func jsonPrintsTheLinesAsStored() throws {
        let log = try PreparedLog()
        let result = try Self.run(log, ["--json"])
        #expect(result.status == 0)
        #expect(result.output == [PreparedLog.aliceGrant, PreparedLog.unknownDenied, PreparedLog.doorOpened, log.bobDenied, log.aliceRecent].map { $0 + "\n" }.joined())
    }

    @Test func sinceAnAbsoluteUTCTime() throws {
        let log = try PreparedLog()
        let day = try Self.run(log, ["--json", "--since", "2024-11-21"])
        #expect(day.output == [PreparedLog.unknownDenied, PreparedLog.doorOpened, log.bobDenied, log.aliceRecent].map { $0 + "\n" }.joined())
        let minute = try Self.run(log, ["--json", "--since", "2024-11-22T07:31"])
        #expect(minute.output == [PreparedLog.doorOpened, log.bobDenied, log.aliceRecent].map { $0 + "\n" }.joined())
        let afterIt = try Self.run(log, ["--json", "--since", "2024-11-22T07:31:05.124Z"])
        #expect(afterIt.output == [log.bobDenied, log.aliceRecent].map { $0 + "\n" }.joined())
    }

    @Test func sinceADurationAgo() throws {
        let log = try PreparedLog()
        #expect(try Self.run(log, ["--json", "--since", "1h"]).output == log.aliceRecent + "\n")
        #expect(try Self.run(log, ["--json", "--since", "5h"]).output == log.bobDenied + "\n" + log.aliceRecent + "\n")
        #expect(try Self.run(log, ["--json", "--since", "300m"]).output == log.bobDenied + "\n" + log.aliceRecent + "\n")
    }

    @Test func byUserAndDenied() throws {
        let log = try PreparedLog()
        #expect(try Self.run(log, ["--json", "--user", "alice"]).output == PreparedLog.aliceGrant + "\n" + log.aliceRecent + "\n")
        #expect(try Self.run(log, ["--json", "--denied"]).output == PreparedLog.unknownDenied + "\n" + log.bobDenied + "\n")
        #expect(try Self.run(log, ["--json", "--denied", "--user", "bob"]).output == log.bobDenied + "\n")
        let nobody = try Self.run(log, ["--user", "carol"])
        #expect(nobody.status == 0)
        #expect(nobody.output.isEmpty)
    }

    @Test func theConfigurationNamesTheLog() throws {
        let log = try PreparedLog()
        let config = log.directory.appendingPathComponent("door.toml")
        try Data("[reader]\ndevice = \"/dev/ttyS0\"\n[relay]\nline = \"GPIO17\"\n[audit]\npath = \"\(log.path)\"\n".utf8).write(to: config)
        let result = try pn532ctl(["door", "log", "--config", config.path, "--json", "--user", "alice"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == PreparedLog.aliceGrant + "\n" + log.aliceRecent + "\n")
        let fileWins = try pn532ctl(["door", "log", "--config", config.path, "--file", log.directory.appendingPathComponent("other.jsonl").path])
        #expect(fileWins.status == 66)
        let missing = try pn532ctl(["door", "log", "--config", log.directory.appendingPathComponent("absent.toml").path])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("absent.toml"))
    }

    @Test func aMissingLogExits66NamingIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("audit.jsonl").path
        let result = try pn532ctl(["door", "log", "--file", path])
        #expect(result.status == 66)
        #expect(result.standardError.contains("no audit log at \(path)"))
        #expect(result.output.isEmpty)
    }

    @Test func aLogWithNothingReadableExits65() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("audit.jsonl").path
        try Data("not json\n{\"time\": 3}\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try pn532ctl(["door", "log", "--file", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("none of its 2 lines is an audit entry: is it an audit log?"), "\(result.standardError)")
        #expect(result.output.isEmpty)
    }

    @Test(arguments: ["yesterday", "15", "2024-13-01", "5x"])
    func aBadSinceIsAUsageError(value: String) throws {
        let log = try PreparedLog()
        let result = try Self.run(log, ["--since", value])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--since \(value)"))
        #expect(result.output.isEmpty)
    }
}
