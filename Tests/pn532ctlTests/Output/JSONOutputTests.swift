import Foundation
import Testing

/// `--json` on every command that reports: one object on standard output in the README's
/// schema (camelCase keys, bytes as upper-case hex, `pageCount` a count and `pages` an
/// array), conflicting flags refused, errors as JSON.
@Suite("--json output")
struct JSONOutputTests {
    /// The one JSON object `result` printed.
    static func object(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any], "\(result.output)")
    }

    @Test func selftestAndRaw() throws {
        let selftest = try pn532ctl(["selftest", "--json"])
        #expect(selftest.status == 0)
        let report = try Self.object(selftest)
        #expect(report["passed"] as? Bool == true)
        let tests = try #require(report["tests"] as? [[String: Any]])
        #expect(tests.count == 4)
        #expect(tests.allSatisfy { $0["passed"] as? Bool == true && $0["problem"] is NSNull })
        #expect(!selftest.output.contains("PASS"))

        let raw = try Self.object(try pn532ctl(["raw", "--json", "02"]))
        #expect(raw["command"] as? String == "GetFirmwareVersion")
        #expect(raw["request"] as? String == "02")
        #expect((raw["response"] as? String)?.hasPrefix("32") == true)
        #expect(raw["status"] is NSNull)
    }

    @Test func identifyCountsPagesAndDumpListsThem() throws {
        let identify = try Self.object(try pn532ctl(["identify", "--json"]))
        #expect(identify["pageCount"] as? Int == 135)
        #expect(identify["pages"] == nil)
        let dump = try Self.object(try pn532ctl(["dump", "--json"]))
        #expect((dump["pages"] as? [[String: Any]])?.count == 135)
        #expect(dump["uid"] as? String == identify["uid"] as? String)
    }

    @Test func tagCommandsThatWrite() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6"])
        let device = ["--device", simulator.path]
        let write = try Self.object(try pn532ctl(["write", "--json", "--text", "Hello"] + device))
        #expect(write["product"] as? String == "NTAG213")
        #expect(write["uid"] as? String == "04A1B2C3D4E5F6")
        #expect(write["bytes"] as? Int == 12)
        #expect(write["records"] as? Int == 1)
        #expect((write["pagesWritten"] as? Int ?? 0) > 0)
        #expect((write["pagesVerified"] as? Int ?? 0) > 0)
        let unverified = try Self.object(try pn532ctl(["write", "--json", "--no-verify", "--text", "Hi"] + device))
        #expect(unverified["pagesVerified"] is NSNull)

        let format = try Self.object(try pn532ctl(["format", "--json", "--yes"] + device))
        #expect((format["pagesWritten"] as? Int ?? 0) > 0)

        let protect = try Self.object(try pn532ctl(["protect", "--json", "--password", "01020304", "--from", "16"] + device))
        #expect(protect["protectedFrom"] as? Int == 16)
        #expect(protect["protectsReads"] as? Bool == false)
        #expect(protect["attemptLimit"] as? Int == 0)
        let unprotect = try Self.object(try pn532ctl(["unprotect", "--json", "--password", "01020304"] + device))
        #expect(unprotect["protectedFrom"] as? Int == 16)
        let again = try Self.object(try pn532ctl(["unprotect", "--json", "--password", "01020304"] + device))
        #expect(again["protectedFrom"] is NSNull)

        let lock = try Self.object(try pn532ctl(["lock", "--yes", "--json"] + device))
        #expect(lock["alreadyLocked"] as? Bool == false)
        let relock = try Self.object(try pn532ctl(["lock", "--yes", "--json"] + device))
        #expect(relock["alreadyLocked"] as? Bool == true)
    }

    @Test func tokenIssueAndCheck() throws {
        let keys = try TokenCommandTests.Keys()
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let issue = try Self.object(try pn532ctl([
            "token", "issue", "--json", "--device", simulator.path, "--user", "alice", "--key", keys.key, "--counter", "7",
            "--issued", "1795000000", "--group", "main",
        ]))
        let token = try #require(issue["token"] as? [String: Any])
        #expect(token["user"] as? String == "alice")
        #expect(token["counter"] as? Int == 7)
        #expect(token["groups"] as? [String] == ["main"])
        #expect(token["expires"] is NSNull)
        #expect(token["keyId"] as? Int == 0)
        #expect((issue["record"] as? String)?.hasPrefix("0200000007") == true)
        #expect(issue["records"] as? Int == 2)

        let check = try pn532ctl(["token", "check", "--json", "--device", simulator.path, "--key", keys.key])
        #expect(check.status == 0)
        let report = try Self.object(check)
        #expect(report["valid"] as? Bool == true)
        let slots = try #require(report["slots"] as? [[String: Any]])
        #expect(slots.map { $0["slot"] as? Int } == [1, 2])
        #expect(slots.allSatisfy { ($0["token"] as? [String: Any])?["user"] as? String == "alice" })

        let refused = try pn532ctl(["token", "check", "--json", "--device", simulator.path, "--key", keys.otherKey])
        #expect(refused.status == 1)
        #expect(refused.standardError.isEmpty)
        let refusal = try Self.object(refused)
        #expect(refusal["valid"] as? Bool == false)
        #expect((refusal["slots"] as? [[String: Any]])?.allSatisfy { $0["error"] is String } == true)
    }

    @Test func checkConfig() throws {
        let scene = try DoorCheckConfigCommandTests.Scene(try DoorCheckConfigCommandTests.example())
        defer { scene.remove() }
        let result = try scene.check(["--boards", DoorCheckConfigCommandTests.boards, "--json"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "notes and warnings are in the object")
        let report = try Self.object(result)
        #expect(report["file"] as? String == scene.config)
        #expect(report["users"] as? Int == 2)
        #expect((report["notes"] as? [String])?.contains { $0.hasPrefix("security.counter_file:") } == true)
        #expect((report["toml"] as? String)?.contains("[relay]\nline = \"GPIO17\"") == true)
    }

    @Test(arguments: [
        (["read", "--raw", "--json"], "--raw and --json cannot be used together"),
        (["dump", "--json", "--out", "/nonexistent/tag.mfd"], "--json and --out cannot be used together"),
        (["door", "log", "--json", "--verify", "--file", "/nonexistent"], "--json and --verify cannot be used together"),
    ])
    func conflictingFlagsAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let result = try pn532ctl(arguments)
        #expect(result.status == 64)
        let error = try #require(try Self.object(result)["error"] as? [String: Any])
        #expect((error["message"] as? String)?.hasPrefix(message) == true, "\(result.output)")
        #expect(error["kind"] as? String == "usage")
        #expect(error["exitCode"] as? Int == 64)
        #expect(result.standardError.isEmpty)
    }

    @Test func errorsAreJSONWithTheSameExitCode() throws {
        let blank = try pn532ctl(["read", "--json", "--device", "sim:blank"])
        #expect(blank.status == 1)
        #expect(blank.standardError.isEmpty)
        let object = try Self.object(blank)
        #expect(Set(object.keys) == ["error", "device"])
        #expect(object["device"] as? String == "sim:blank")
        let error = try #require(object["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("not formatted for NDEF") == true)
        #expect(error["exitCode"] as? Int == 1)
        #expect(error["kind"] as? String == "failed")
        #expect(Set(error.keys) == ["kind", "message", "exitCode"])

        let plain = try pn532ctl(["read", "--device", "sim:blank"])
        #expect(plain.status == 1)
        #expect(plain.output.isEmpty)
        #expect(plain.standardError.hasPrefix("pn532ctl: "))

        let usage = try pn532ctl(["identify", "--json", "--wait", "0"])
        #expect(usage.status == 64)
        #expect(((try Self.object(usage)["error"] as? [String: Any])?["message"] as? String)?.contains("--wait") == true)
        #expect(try Self.object(usage)["device"] is NSNull, "no device was resolved")

        let missing = try pn532ctl(["door", "check-config", "--json", "/nonexistent/door.toml"])
        #expect(missing.status == 66)
        #expect((try Self.object(missing)["error"] as? [String: Any])?["exitCode"] as? Int == 66)
        #expect((try Self.object(missing)["error"] as? [String: Any])?["kind"] as? String == "noInput")
    }
}
