import Foundation
import Testing

/// Passwords that do what they say (issue 21, item 5).
@Suite("Tag passwords: unprotected tags, the attempt limit, --attempt-limit N")
struct PasswordCommandTests {
    /// The README's `read --password 01020304` on a tag without protection reads it; the
    /// password is not sent, and a note says so (not under --json).
    @Test(arguments: [["read"], ["dump"], ["identify"], ["write", "--uri", "https://a.example"], ["format", "--yes"]])
    func aPasswordForAnUnprotectedTagIsNotAnError(_ command: [String]) throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215:uid=04112233445566"])
        let result = try pn532ctl(command + ["--password", "01020304", "--trace", "--device", simulator.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("NTAG215 04112233445566 is not password-protected: the password is not needed and was not sent"))
        #expect(!result.standardError.contains("1B 01 02 03 04"), "PWD_AUTH was sent")
        let json = try pn532ctl(command + ["--password", "01020304", "--json", "--device", simulator.path])
        #expect(json.status == 0)
        #expect(json.standardError.isEmpty)
    }

    /// With AUTHLIM set a wrong guess may be the last: every command that takes a password
    /// asks for --yes (64, naming it) before sending PWD_AUTH, and works with it.
    @Test(arguments: [["read"], ["dump"], ["identify"], ["write", "--uri", "https://b.example"], ["format"], ["unprotect"]])
    func aGuessThatCanUseUpTheLimitNeedsYes(_ command: [String]) throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        let device = ["--device", simulator.path]
        #expect(try pn532ctl(["protect", "--password", "01020304", "--attempt-limit", "2"] + device).status == 0)
        let refused = try pn532ctl(command + ["--password", "01020304", "--trace"] + device)
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("the tag allows 2 failed password attempts in all (AUTHLIM 1)"))
        #expect(refused.standardError.contains("add --yes to confirm"))
        #expect(!refused.standardError.contains("1B 01 02 03 04"), "PWD_AUTH was sent")
        let confirmed = try pn532ctl(command + ["--password", "01020304", "--yes"] + device)
        #expect(confirmed.status == 0, "\(confirmed.standardError)")
    }

    /// Reads protected too: AUTHLIM cannot be read, so a guess needs --yes.
    @Test func anUnreadableLimitNeedsYes() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        let device = ["--device", simulator.path]
        #expect(try pn532ctl(["write", "--uri", "https://a.example"] + device).status == 0)
        #expect(try pn532ctl(["protect", "--password", "01020304", "--protect-reads"] + device).status == 0)
        let refused = try pn532ctl(["read", "--password", "01020304"] + device)
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("cannot be read without the password"))
        let read = try pn532ctl(["read", "--password", "01020304", "--yes"] + device)
        #expect(read.output.contains("URI: https://a.example"))
    }

    /// Without a limit nothing is asked; a wrong password says so and costs nothing.
    @Test func noLimitNoQuestion() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        let device = ["--device", simulator.path]
        #expect(try pn532ctl(["protect", "--password", "01020304"] + device).status == 0)
        let wrong = try pn532ctl(["write", "--uri", "https://a.example", "--password", "09090909"] + device)
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("wrong password: the tag refused PWD_AUTH; the tag has no attempt limit"))
        #expect(try pn532ctl(["write", "--uri", "https://a.example", "--password", "01020304"] + device).status == 0)
    }

    /// `--attempt-limit N` means N failed attempts; identify and protect say the same N.
    @Test func attemptLimitIsAttempts() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        let device = ["--device", simulator.path]
        let protect = try pn532ctl(["protect", "--password", "01020304", "--attempt-limit", "8", "--json"] + device)
        let object = try #require(try JSONSerialization.jsonObject(with: protect.standardOutput) as? [String: Any])
        #expect(object["attemptLimit"] as? Int == 8)
        let identify = try pn532ctl(["identify", "--json"] + device)
        let identified = try #require(try JSONSerialization.jsonObject(with: identify.standardOutput) as? [String: Any])
        #expect(identified["attemptLimit"] as? Int == 8)
        #expect(try pn532ctl(["identify"] + device).output.contains("8 failed attempts disable PWD_AUTH for good (AUTHLIM 3)"))
        for _ in 0..<7 {
            #expect(try pn532ctl(["read", "--password", "09090909", "--yes"] + device).status == 1)
        }
        #expect(try pn532ctl(["read", "--password", "01020304", "--yes"] + device).status == 0, "the 8th attempt is still allowed")
    }

    @Test(arguments: ["protect", "flash"])
    func anAttemptLimitTheTagCannotStoreIsNamed(_ command: String) throws {
        let extra = command == "flash" ? ["--protect", "--secret-file", "/nonexistent", "--text", "x"] : ["--password", "01020304"]
        let result = try pn532ctl([command, "--attempt-limit", "3", "--device", "sim"] + extra)
        #expect(result.status == 64)
        #expect(result.standardError.contains("--attempt-limit must be 0 (no limit) or 2, 4, 8, 16, 32, 64, 128 failed attempts (the tag stores powers of two), not 3"))
    }
}
