import Foundation
import Testing

@Suite("token issue, token check")
struct TokenCommandTests {
    /// A directory with a key file of `mode`, and a second key.
    final class Keys {
        let directory: URL
        var key: String { directory.appendingPathComponent("door.key").path }
        var otherKey: String { directory.appendingPathComponent("other.key").path }

        init(mode: Int = 0o600) throws {
            directory = try temporaryDirectory()
            try Data("a site key of thirty-two bytes!!".utf8).write(to: URL(fileURLWithPath: key))
            try Data("another site's key, 32 bytes..!".utf8).write(to: URL(fileURLWithPath: otherKey))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: key)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: otherKey)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    @Test func issueKeepsTheOtherRecordsAndCheckReadsTheTokenBack() throws {
        let keys = try Keys()
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        #expect(try pn532ctl(["write", "--device", simulator.path, "--uri", "https://door.example"]).status == 0)
        let issue = try pn532ctl(["token", "issue", "--device", simulator.path, "--user", "alice", "--key", keys.key, "--counter", "7", "--issued", "1795000000"])
        #expect(issue.status == 0)
        let lines = issue.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first == "Token     alice, issued 1795000000 (2026-11-18 11:06:40 UTC), counter 7, site \"\", key id 0, groups every door, expires never")
        #expect(lines.dropFirst().first == "Tag       NTAG215 04112233445566")
        #expect(lines.dropFirst(2).first?.hasPrefix("Record    pn532ctl.org:token 0200000007") == true)
        #expect(lines.last?.hasPrefix("Wrote     ") == true)
        #expect(lines.last?.contains("3 records") == true, "the URI and two token slots")
        #expect(lines.last?.hasSuffix("verified") == true)
        let check = try pn532ctl(["token", "check", "--device", simulator.path, "--key", keys.key])
        #expect(check.status == 0)
        let slot = "alice, issued 1795000000 (2026-11-18 11:06:40 UTC), counter 7, site \"\", key id 0, groups every door, expires never: valid for this tag and key"
        #expect(check.output == "Tag       NTAG215 04112233445566\nSlot 1    \(slot)\nSlot 2    \(slot)\n")
        let read = try pn532ctl(["read", "--device", simulator.path])
        #expect(read.output.contains("URI: https://door.example"))
        #expect(read.output.contains("pn532ctl.org:token"))

        let again = try pn532ctl(["token", "issue", "--device", simulator.path, "--user", "bob", "--key", keys.key])
        #expect(again.status == 0)
        #expect(again.output.contains("3 records"), "the earlier token is replaced, not added to")
        let rechecked = try pn532ctl(["token", "check", "--device", simulator.path, "--key", keys.key])
        #expect(rechecked.output.contains("Slot 2    bob, issued "))
        #expect(rechecked.output.contains("counter 0, site"))
    }

    /// Type 1, 3 and 4 tags take a token through their tag layers, bound to the identifier
    /// the door reads (UID0-3, IDm, UID), and `token check` reads it back.
    @Test(arguments: ["felica-lite-s", "felica-12fc", "topaz512", "desfire-ndef"])
    func issueAndCheckOnType1And3And4Tags(_ card: String) throws {
        let keys = try Keys()
        let simulator = try SimulatorProcess(["--tag", card])
        let issue = try pn532ctl(["token", "issue", "--device", simulator.path, "--user", "alice", "--key", keys.key, "--issued", "1795000000"])
        #expect(issue.status == 0, "\(issue.standardError)")
        #expect(issue.output.hasSuffix("records: read back and verified\n"))
        let check = try pn532ctl(["token", "check", "--device", simulator.path, "--key", keys.key])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.output.contains("Slot 2    alice, issued 1795000000 "))
        let otherKey = try pn532ctl(["token", "check", "--device", simulator.path, "--key", keys.otherKey])
        #expect(otherKey.status == 1)
        #expect(otherKey.standardError.contains("token refused: the token's MAC is wrong for this tag and key"))
    }

    /// A phone makes up a new UID (08…) at each presentation: a token cannot be bound to it.
    @Test func aCardWithARandomUIDIsRefusedAToken() throws {
        let keys = try Keys()
        let issue = try pn532ctl(["token", "issue", "--device", "sim:phone-ndef", "--user", "alice", "--key", keys.key])
        #expect(issue.status == 1)
        #expect(issue.standardError.hasPrefix("pn532ctl: the tag's UID is random (4 bytes starting 08"))
        #expect(issue.standardError.hasSuffix("): nothing was written\n"))
        #expect(issue.output.isEmpty)
    }

    @Test func aCopyOnAnotherTagAndAnotherKeyAreRefused() throws {
        let keys = try Keys()
        let original = try SimulatorProcess(["--tag", "ntag213:uid=04112233445566"])
        #expect(try pn532ctl(["token", "issue", "--device", original.path, "--user", "alice", "--key", keys.key]).status == 0)
        let otherKey = try pn532ctl(["token", "check", "--device", original.path, "--key", keys.otherKey])
        #expect(otherKey.status == 1)
        #expect(otherKey.standardError.contains("token refused: the token's MAC is wrong for this tag and key"))

        let raw = try pn532ctl(["read", "--raw", "--device", original.path])
        let messageFile = keys.directory.appendingPathComponent("message.hex")
        try raw.standardOutput.write(to: messageFile)
        let copy = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6"])
        #expect(try pn532ctl(["write", "--device", copy.path, "--message", messageFile.path]).status == 0)
        let check = try pn532ctl(["token", "check", "--device", copy.path, "--key", keys.key])
        #expect(check.status == 1)
        #expect(check.output == "Tag       NTAG213 04A1B2C3D4E5F6\n")
        #expect(check.standardError.contains("token refused: the token's MAC is wrong for this tag and key (a copy"))
    }

    @Test func aKeyReadableByOthersIsRefusedBeforeAnythingIsWritten() throws {
        let keys = try Keys(mode: 0o640)
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        let issue = try pn532ctl(["token", "issue", "--device", simulator.path, "--user", "alice", "--key", keys.key])
        #expect(issue.status == 77)
        #expect(issue.standardError.contains("readable by group or others: chmod 600"))
        #expect(try pn532ctl(["read", "--device", simulator.path]).output == "NDEF message, 0 bytes, 0 records\n")
        let check = try pn532ctl(["token", "check", "--device", simulator.path, "--key", keys.key])
        #expect(check.status == 77)
    }

    /// `token issue` and `token check` read the key by the door's rules (`security.key_file`):
    /// a key the door would refuse to load signs nothing.
    @Test(arguments: [
        (String(repeating: "k", count: 32), "holds only 1 different byte values: it is guessable, not a key"),
        ("0123456789abcde", "holds 15 bytes; a key needs at least 16"),
    ])
    func aKeyTheDoorRefusesSignsNothing(_ contents: String, _ message: String) throws {
        let keys = try Keys()
        let weak = keys.directory.appendingPathComponent("weak.key").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: weak))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: weak)
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        let issue = try pn532ctl(["token", "issue", "--device", simulator.path, "--user", "alice", "--key", weak])
        #expect(issue.status == 65)
        #expect(issue.standardError.contains("key file \(weak) \(message)"), "\(issue.standardError)")
        #expect(try pn532ctl(["read", "--device", simulator.path]).output == "NDEF message, 0 bytes, 0 records\n")
        let check = try pn532ctl(["token", "check", "--device", simulator.path, "--key", weak])
        #expect(check.status == 65)
    }

    @Test func aKeyThatIsNotARegularFileIsRefused() throws {
        let keys = try Keys()
        let issue = try pn532ctl(["token", "issue", "--user", "alice", "--key", keys.directory.path])
        #expect(issue.status == 65)
        #expect(issue.standardError.contains("key file \(keys.directory.path) is not a regular file"), "\(issue.standardError)")
    }

    @Test func aTagWithoutATokenSaysSo() throws {
        let keys = try Keys()
        let check = try pn532ctl(["token", "check", "--device", "sim", "--key", keys.key])
        #expect(check.status == 1)
        #expect(check.standardError.contains("the tag holds no pn532ctl.org:token record (`pn532ctl token issue` writes one)"))
    }

    @Test(arguments: [
        ("alice\u{1B}[2J", "must not contain control characters"),
        ("alice\nbob", "must not contain control characters"),
        ("al\u{202E}ecila", "must not contain the format character U+202E (it makes logs and terminals show another name)"),
        ("alice\u{2028}bob", "must not contain the line separator U+2028 (it makes logs and terminals show another name)"),
        ("", "must not be empty"),
    ])
    func userNamesFollowTheConfigurationsRule(_ user: String, _ problem: String) throws {
        let keys = try Keys()
        let result = try pn532ctl(["token", "issue", "--user", user, "--key", keys.key])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--user \(user.debugDescription) \(problem), as a user's name in the door configuration"), "\(result.standardError)")
    }

    @Test func aUserNameThatIsNotUTF8IsRefused() throws {
        let keys = try Keys()
        let result = try runProgram("/bin/sh", ["-c", "exec \"$0\" token issue --user \"$(printf 'al\\377ce')\" --key \"$1\"", binaryURL.path, keys.key])
        let message = result.error
        #expect(result.status == 64)
        #expect(message.contains("must be valid UTF-8 (it holds U+FFFD, what bytes that are not UTF-8 become)"), "\(message)")
    }

    @Test func badUsageAndTwoTagsWriteNothing() throws {
        let keys = try Keys()
        let long = try pn532ctl(["token", "issue", "--user", String(repeating: "x", count: 65), "--key", keys.key])
        #expect(long.status == 64)
        #expect(long.standardError.contains("must be at most 64 bytes (tokens carry it), as a user's name in the door configuration"))
        let missingKey = try pn532ctl(["token", "issue", "--user", "alice", "--key", keys.directory.appendingPathComponent("none").path])
        #expect(missingKey.status == 66)
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6", "--tag", "ntag215:uid=04112233445566"])
        let two = try pn532ctl(["token", "issue", "--device", simulator.path, "--user", "alice", "--key", keys.key])
        #expect(two.status == 1)
        #expect(two.standardError.contains("More than one tag detected"))
        #expect(try simulator.control("remove 04112233445566") == "removed 04112233445566")
        #expect(try pn532ctl(["read", "--device", simulator.path]).output == "NDEF message, 0 bytes, 0 records\n")
    }

    @Test func theDefaultSimulatedTagKeepsItsURI() throws {
        let keys = try Keys()
        let issue = try pn532ctl(["token", "issue", "--user", "alice", "--key", keys.key, "--issued", "0"])
        #expect(issue.status == 0)
        #expect(issue.output.contains("issued 0 (1970-01-01 00:00:00 UTC), counter 0"))
        #expect(issue.output.contains("3 records"))
    }

    @Test func version2FieldsAreWrittenAndShown() throws {
        let keys = try Keys()
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let issue = try pn532ctl([
            "token", "issue", "--device", simulator.path, "--user", "alice", "--key", keys.key, "--issued", "1795000000",
            "--site", "hq", "--group", "front", "--group", "lab", "--expires", "1800000000", "--key-id", "3",
        ])
        #expect(issue.status == 0)
        #expect(issue.output.hasPrefix("Token     alice, issued 1795000000 (2026-11-18 11:06:40 UTC), counter 0, site \"hq\", key id 3, groups front lab, expires 1800000000 (2027-01-15 08:00:00 UTC)\n"))
        let check = try pn532ctl(["token", "check", "--device", simulator.path, "--key", keys.key])
        #expect(check.output.contains("Slot 1    alice, issued 1795000000 (2026-11-18 11:06:40 UTC), counter 0, site \"hq\", key id 3, groups front lab"))
        let bad = try pn532ctl(["token", "issue", "--device", simulator.path, "--user", "alice", "--key", keys.key, "--group", String(repeating: "g", count: 33)])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("must be 1-32 bytes"))
    }
}
