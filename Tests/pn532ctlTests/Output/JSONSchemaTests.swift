import Foundation
import Testing

/// Every command's `--json` output, success and error, against the one schema file in the
/// repository (`scripts/docs/pn532ctl.schema.json`): each line of standard output is one
/// object of the definition the command names, nothing is written on standard error, and
/// an error is `{"error": {"kind", "message", "exitCode"}, "device"}` with the exit code
/// the process ends with.
@Suite("One JSON schema for every command")
struct JSONSchemaTests {
    static let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/docs/pn532ctl.schema.json").path

    static let check: JSONSchemaCheck = {
        let text = (try? String(contentsOfFile: schemaPath, encoding: .utf8)) ?? ""
        return JSONSchemaCheck(root: (try? JSONDocument(parsing: text)) ?? .null)
    }()

    /// The lines `result` printed, each checked against `definition`, and stderr empty; the
    /// parsed lines.
    @discardableResult
    static func expectLines(
        _ result: CommandResult, _ definition: String, status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [JSONDocument] {
        #expect(result.status == status, "\(result.output)\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.isEmpty, "nothing on standard error under --json: \(result.standardError)", sourceLocation: sourceLocation)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(!lines.isEmpty && result.output.hasSuffix("\n"), "one object a line: \(result.output)", sourceLocation: sourceLocation)
        var documents: [JSONDocument] = []
        for line in lines {
            let document = try JSONDocument(parsing: line)
            let problems = check.problems(document, definition: definition)
            #expect(problems.isEmpty, "\(definition): \(problems.joined(separator: "\n")) in \(line)", sourceLocation: sourceLocation)
            #expect(check.problems(document).isEmpty, "the schema as a whole accepts it: \(line)", sourceLocation: sourceLocation)
            documents.append(document)
        }
        return documents
    }

    /// An error object: the schema's, of `kind`, with the process's exit code.
    static func expectError(_ result: CommandResult, kind: String, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let documents = try expectLines(result, "error", status: status, sourceLocation: sourceLocation)
        guard case .object(let object)? = documents.last, case .object(let error)? = object["error"] else { return }
        #expect(error["kind"] == .string(kind), "\(result.output)", sourceLocation: sourceLocation)
        #expect(error["exitCode"] == .number(Double(status), integer: true), sourceLocation: sourceLocation)
    }

    @Test func theSchemaFileIsValidAndTheCheckRefusesWhatItShould() throws {
        let text = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
        let root = try JSONDocument(parsing: text)
        guard case .object(let schema) = root, case .object(let definitions)? = schema["$defs"] else {
            Issue.record("no $defs")
            return
        }
        #expect(definitions.count >= 30)
        let check = JSONSchemaCheck(root: root)
        let good = try JSONDocument(parsing: #"{"line":"GPIO17","value":1}"#)
        #expect(check.problems(good, definition: "gpioGet").isEmpty)
        for bad in [
            #"{"line":"GPIO17"}"#, #"{"line":"GPIO17","value":1,"extra":true}"#, #"{"line":"GPIO17","value":2}"#,
            #"{"line":null,"value":1}"#, #"{"line":"GPIO17","value":1.5}"#, #"{"line":"GPIO17","value":true}"#,
        ] {
            #expect(!check.problems(try JSONDocument(parsing: bad), definition: "gpioGet").isEmpty, "\(bad) must be refused")
        }
        let unknownKeyword = JSONSchemaCheck(root: try JSONDocument(parsing: #"{"$defs":{"x":{"type":"string","pattern":"^a"}}}"#))
        #expect(!unknownKeyword.problems(.string("a"), definition: "x").isEmpty, "a keyword outside the subset is never ignored")
        #expect(throws: JSONSchemaProblem.self) { try JSONDocument(parsing: #"{"a":1,"a":2}"#) }
    }

    @Test func readerCommands() throws {
        try Self.expectLines(try pn532ctl(["info", "--json"]), "info")
        try Self.expectLines(try pn532ctl(["selftest", "--json"]), "selftest")
        for device in ["sim", "sim:typeb", "sim:felica-lite-s", "sim:topaz512", "sim:ntag424"] {
            try Self.expectLines(try pn532ctl(["scan", "--json", "--device", device]), "scan")
        }
        let empty = try SimulatorProcess(["--empty"])
        try Self.expectLines(try pn532ctl(["scan", "--json", "--device", empty.path]), "scan", status: 1)
        try Self.expectError(try pn532ctl(["identify", "--json", "--device", empty.path]), kind: "failed", status: 1)
        try Self.expectLines(try pn532ctl(["scan", "--watch", "--count", "1", "--json"]), "scanEvent")
        try Self.expectLines(try pn532ctl(["raw", "--json", "02"]), "raw")
        try Self.expectError(try pn532ctl(["raw", "--json", "FF"]), kind: "usage", status: 64)
        try Self.expectError(try pn532ctl(["scan", "--json", "--device", "bogus"]), kind: "usage", status: 64)
        try Self.expectError(try pn532ctl(["info", "--json", "--device", "/nonexistent/ttyPN532"]), kind: "unavailable", status: 69)

        let tree = try sysfsTree()
        defer { try? FileManager.default.removeItem(at: tree) }
        let gpio = ["--backend", "sysfs", "--sysfs-root", tree.path]
        try Self.expectLines(try pn532ctl(["reset", "--json", "--reset-pin", "GPIO17", "--hold", "1", "--boot", "0"] + gpio), "reset")
        try Self.expectError(try pn532ctl(["reset", "--json", "--reset-pin", "GPIO", "--hold", "1"] + gpio), kind: "usage", status: 64)
    }

    @Test func identifyHasOneKeySetForEveryFamily() throws {
        var keySets: Set<[String]> = []
        for device in ["sim", "sim:ultralight", "sim:classic1k", "sim:desfire", "sim:ntag424", "sim:phone", "sim:topaz512", "sim:felica-lite-s", "sim:typeb"] {
            let documents = try Self.expectLines(try pn532ctl(["identify", "--json", "--device", device]), "identify")
            if case .object(let object)? = documents.first { keySets.insert(object.keys.sorted()) }
        }
        #expect(keySets.count == 1, "\(keySets)")
        try Self.expectError(try pn532ctl(["identify", "--json", "--wait", "0"]), kind: "usage", status: 64)
    }

    @Test func tagCommandsOnType1And3And4Tags() throws {
        for card in ["felica-lite-s", "topaz96", "desfire-ndef"] {
            let simulator = try SimulatorProcess(["--tag", card])
            let device = ["--device", simulator.path]
            try Self.expectLines(try pn532ctl(["write", "--json", "--text", "Hello"] + device), "write")
            try Self.expectLines(try pn532ctl(["read", "--json"] + device), "read")
            try Self.expectLines(try pn532ctl(["identify", "--json"] + device), "identify")
        }
        let liteS = try SimulatorProcess(["--tag", "felica-lite-s"])
        let keys = try TokenCommandTests.Keys()
        try Self.expectLines(try pn532ctl(["token", "issue", "--json", "--user", "alice", "--key", keys.key, "--device", liteS.path]), "tokenIssue")
        try Self.expectLines(try pn532ctl(["token", "check", "--json", "--key", keys.key, "--device", liteS.path]), "tokenCheck")
        try Self.expectLines(try pn532ctl(["lock", "--json", "--yes", "--device", liteS.path]), "lock")
        try Self.expectLines(try pn532ctl(["dump", "--json", "--device", liteS.path]), "dumpImage")
        for card in ["topaz512", "felica-12fc", "ntag424", "phone-ndef"] {
            try Self.expectLines(try pn532ctl(["dump", "--json", "--device", "sim:\(card)"]), "dumpImage")
        }
    }

    @Test func formatOfADESFire() throws {
        let simulator = try SimulatorProcess(["--tag", "desfire"])
        let device = ["--device", simulator.path]
        let documents = try Self.expectLines(try pn532ctl(["format", "--json"] + device), "formatDESFire")
        guard case .object(let object)? = documents.first else { return }
        #expect(object["capacity"] == .number(3582, integer: true))
        #expect(object["resumed"] == .bool(false))
        try Self.expectLines(try pn532ctl(["format", "--json"] + device), "formatNDEF")
        try Self.expectError(try pn532ctl(["format", "--json", "--device", "sim:desfire-keyed"]), kind: "refused", status: 1)
        try Self.expectLines(try pn532ctl(["format", "--json", "--device", "sim:ntag424"]), "formatNDEF")
        try Self.expectError(try pn532ctl(["format", "--json", "--device", "sim:topaz512"]), kind: "usage", status: 64)
        try Self.expectLines(try pn532ctl(["format", "--json", "--yes", "--device", "sim:felica-lite-s"]), "formatNDEF")
        try Self.expectError(try pn532ctl(["format", "--json", "--yes", "--device", "sim:phone-ndef"]), kind: "refused", status: 1)
    }

    @Test func tagCommands() throws {
        try Self.expectLines(try pn532ctl(["read", "--json"]), "read")
        try Self.expectLines(try pn532ctl(["dump", "--json"]), "dump")
        try Self.expectError(try pn532ctl(["read", "--json", "--device", "sim:blank"]), kind: "failed", status: 1)
        try Self.expectError(try pn532ctl(["read", "--json", "--password", "xyz12345"]), kind: "usage", status: 64)

        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6"])
        let device = ["--device", simulator.path]
        try Self.expectLines(try pn532ctl(["write", "--json", "--text", "Hello", "--uri", "https://example.com"] + device), "write")
        try Self.expectLines(try pn532ctl(["read", "--json"] + device), "read")
        try Self.expectError(try pn532ctl(["format", "--json"] + device), kind: "usage", status: 64)
        try Self.expectLines(try pn532ctl(["format", "--json", "--yes"] + device), "format")
        try Self.expectLines(try pn532ctl(["protect", "--json", "--password", "01020304", "--from", "16"] + device), "protect")
        try Self.expectError(try pn532ctl(["unprotect", "--json", "--password", "0A0B0C0D"] + device), kind: "refused", status: 1)
        try Self.expectLines(try pn532ctl(["unprotect", "--json", "--password", "01020304"] + device), "unprotect")
        try Self.expectLines(try pn532ctl(["unprotect", "--json", "--password", "01020304"] + device), "unprotect")
        try Self.expectError(try pn532ctl(["lock", "--json"] + device), kind: "usage", status: 64)
        try Self.expectLines(try pn532ctl(["lock", "--json", "--yes"] + device), "lock")
        try Self.expectError(try pn532ctl(["write", "--json", "--text", "x"] + device), kind: "refused", status: 1)

        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = scratch.appendingPathComponent("tag.mfd").path
        #expect(try pn532ctl(["dump", "--out", dump, "--device", "sim:ntag213:uid=04A1B2C3D4E5F6"]).status == 0)
        try Self.expectLines(try pn532ctl(["restore", "--json", "--in", dump, "--device", "sim:ntag213:uid=04A1B2C3D4E5F6"]), "restore")
        try Self.expectError(try pn532ctl(["restore", "--json", "--in", dump, "--device", "sim:ntag215"]), kind: "data", status: 65)
        try Self.expectError(try pn532ctl(["restore", "--json", "--in", scratch.appendingPathComponent("none.mfd").path]), kind: "noInput", status: 66)
    }

    @Test func keyNew() throws {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let key = scratch.appendingPathComponent("door.key").path
        try Self.expectLines(try pn532ctl(["key", "new", key, "--json"]), "keyNew")
        try Self.expectError(try pn532ctl(["key", "new", key, "--json"]), kind: "usage", status: 64)
        let master = try KeyDeriveCommandTests.MasterKeys()
        try Self.expectLines(try pn532ctl(["key", "derive", "--json", "--master-key-file", master.site] + KeyDeriveCommandTests.example), "keyDerive")
        try Self.expectLines(try pn532ctl(["key", "derive", "--json", "--master-key-file", master.zero, "--uid", "04782E21801D80"]), "keyDerive")
        try Self.expectError(try pn532ctl(["key", "derive", "--json", "--master-key-file", master.site, "--uid", "0478"]), kind: "usage", status: 64)
    }

    @Test func sunVerify() throws {
        let keys = try SunVerifyCommandTests.Keys()
        let verify = ["sun", "verify", "--json", "--picc-key-file", keys.k1, "--mac-key-file", keys.k2, "--counter-file", keys.counters]
        try Self.expectLines(try pn532ctl(verify + [SunVerifyCommandTests.bolt5]), "sunVerify")
        try Self.expectLines(try pn532ctl(verify + [SunVerifyCommandTests.bolt3]), "sunVerify", status: 1)
        try Self.expectLines(try pn532ctl(verify + [SunVerifyCommandTests.bolt3.replacing("c=E1", with: "c=E2")]), "sunVerify", status: 1)
        try Self.expectError(try pn532ctl(verify + ["p=00&c=00"]), kind: "data", status: 65)
    }

    @Test func tokenCommands() throws {
        let keys = try TokenCommandTests.Keys()
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let device = ["--device", simulator.path]
        try Self.expectLines(try pn532ctl(["token", "issue", "--json", "--user", "alice", "--key", keys.key] + device), "tokenIssue")
        try Self.expectLines(try pn532ctl(["token", "check", "--json", "--key", keys.key] + device), "tokenCheck")
        try Self.expectLines(try pn532ctl(["token", "check", "--json", "--key", keys.otherKey] + device), "tokenCheck", status: 1)
        try Self.expectError(try pn532ctl(["token", "check", "--json", "--key", "/nonexistent/key"] + device), kind: "noInput", status: 66)
    }

    @Test func flashEvents() throws {
        let documents = try Self.expectLines(
            try pn532ctl(["flash", "--device", "sim:ntag216", "--count", "1", "--json", "--text", "hi"]), "flashEvent")
        #expect(documents.count == 3, "ready, tag, summary")
        try Self.expectError(try pn532ctl(["flash", "--json", "--lock", "--text", "hi"]), kind: "usage", status: 64)
    }

    /// A signal under `--json`: an error object of kind `interrupted` on standard output,
    /// 128 + the signal, nothing on standard error.
    @Test func anInterruptIsAnErrorObject() throws {
        let simulator = try SimulatorProcess(["--empty"])
        let watch = try BackgroundCommand(["scan", "--watch", "--json", "--device", simulator.path], readingStandardError: false)
        #expect(try simulator.control("present ntag213:uid=04A1B2C3D4E5F6").hasPrefix("present "))
        let present = try JSONDocument(parsing: try watch.readLine(containing: "present"))
        #expect(Self.check.problems(present, definition: "scanEvent").isEmpty)
        #expect(watch.stop() == 143)
        let error = try JSONDocument(parsing: try watch.readLine(containing: "error"))
        #expect(Self.check.problems(error, definition: "error").isEmpty, "\(error)")
        guard case .object(let object) = error, case .object(let body)? = object["error"] else { return }
        #expect(body["kind"] == .string("interrupted"))
        #expect(body["exitCode"] == .number(143, integer: true))
    }

    @Test func ndefAndGPIOAndDoorCommands() throws {
        let poster = "D1021A537091010A55036E666370792E6F72675101085402656E6E66637079"
        try Self.expectLines(try pn532ctl(["ndef", "decode", "--json", poster]), "message")
        let encoded = try pn532ctl(["ndef", "encode", "--mime", "text/plain", "--data", "hi", "--external", "example.com:t", "--hex", "FF", "--uri", "https://a.b"])
        try Self.expectLines(try pn532ctl(["ndef", "decode", "--json", encoded.output.trimmingCharacters(in: .whitespacesAndNewlines)]), "message")
        try Self.expectError(try pn532ctl(["ndef", "decode", "--json", "D1010A55"]), kind: "data", status: 65)

        let tree = try sysfsTree()
        defer { try? FileManager.default.removeItem(at: tree) }
        let gpio = ["--backend", "sysfs", "--sysfs-root", tree.path]
        try Self.expectLines(try pn532ctl(["gpio", "list", "--json"] + gpio), "gpioList")
        try Self.expectLines(try pn532ctl(["gpio", "get", "GPIO17", "--json"] + gpio), "gpioGet")
        try Self.expectError(try pn532ctl(["gpio", "get", "GPIO", "--json"] + gpio), kind: "usage", status: 64)
        try Self.expectError(try pn532ctl(["gpio", "watch", "GPIO17", "--json", "--timeout", "0"] + ["--backend", "sysfs", "--sysfs-root", "/nonexistent"]), kind: "unavailable", status: 69)

        let scene = try DoorCheckConfigCommandTests.Scene(try DoorCheckConfigCommandTests.example())
        defer { scene.remove() }
        try Self.expectLines(try scene.check(["--boards", DoorCheckConfigCommandTests.boards, "--json"]), "checkConfig")
        try Self.expectError(try pn532ctl(["door", "check-config", "--json", "/nonexistent/door.toml"]), kind: "noInput", status: 66)

        let door = try DoorScene()
        try Self.expectLines(try pn532ctl(["door", "release", "--json", "--config", door.config]), "doorRelease")
        try Self.expectError(try pn532ctl(["door", "release", "--json", "--config", "/nonexistent/door.toml"]), kind: "noInput", status: 66)
    }
}
