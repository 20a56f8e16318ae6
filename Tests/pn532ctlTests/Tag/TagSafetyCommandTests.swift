import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `Tests/Fixtures/crafted/cc-e2.mfd`: an NTAG213 whose one-time-programmable CC is `E2 10 12 00`.
private let ccE2Image = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/crafted/cc-e2.mfd").path

/// Runs `pn532ctl ARGUMENTS` with standard output on /dev/full.
private func pn532ctlIntoFullDevice(_ arguments: [String]) throws -> (status: Int32, standardError: String) {
    let process = Process()
    process.executableURL = binaryURL
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["PN532_DEVICE"] = nil
    process.environment = variables
    let errors = Pipe()
    process.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

@Suite("Tag commands never harm a tag and say what they did (issue 14)")
struct TagSafetyCommandTests {
    @Test func formatRefusesAOneTimeProgrammableCCItCannotReach() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213:image=" + ccE2Image])
        let format = try pn532ctl(["format", "--device", simulator.path, "--yes"])
        #expect(format.status == 65)
        #expect(format.standardError.contains("page 3 is one-time programmable (bits can only be set) and holds E2 10 12 00: it can never become E1 10 12 00; nothing was written"))
        let dump = try pn532ctl(["dump", "--json", "--device", simulator.path])
        let object = try #require(try JSONSerialization.jsonObject(with: dump.standardOutput) as? [String: Any])
        let pages = try #require(object["pages"] as? [[String: Any]])
        #expect(pages[3]["hex"] as? String == "E2101200")
    }

    @Test func formatErasesAMessageOnlyWithYes() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        #expect(try pn532ctl(["format", "--device", simulator.path]).status == 0)
        #expect(try pn532ctl(["write", "--device", simulator.path, "--uri", "https://a.example"]).status == 0)
        let refused = try pn532ctl(["format", "--device", simulator.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("the tag holds an NDEF message of 14 bytes: add --yes to erase it; nothing was written"))
        #expect(try pn532ctl(["read", "--device", simulator.path]).output.contains("URI: https://a.example"))
        #expect(try pn532ctl(["format", "--yes", "--device", simulator.path]).status == 0)
        #expect(try pn532ctl(["read", "--device", simulator.path]).output == "NDEF message, 0 bytes, 0 records\n")
    }

    @Test func lockingTwiceSaysAlreadyLocked() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        #expect(try pn532ctl(["lock", "--yes", "--device", simulator.path]).status == 0)
        let again = try pn532ctl(["lock", "--yes", "--device", simulator.path])
        #expect(again.status == 0)
        #expect(again.output.contains("is already locked (read-only for good): nothing written"))
    }

    /// A wrong guess can use up AUTHLIM: unprotect reads it first and asks for --yes, says
    /// "wrong password", and leaves an unprotected tag alone.
    @Test func unprotectWarnsOfTheAttemptLimit() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215"])
        let device = ["--device", simulator.path]
        let open = try pn532ctl(["unprotect", "--password", "01020304"] + device)
        #expect(open.status == 0)
        #expect(open.output.contains("is not password-protected: nothing to do"))
        #expect(try pn532ctl(["protect", "--password", "01020304", "--attempt-limit", "1"] + device).status == 0)
        let unconfirmed = try pn532ctl(["unprotect", "--password", "09090909"] + device)
        #expect(unconfirmed.status == 1)
        #expect(unconfirmed.standardError.contains("the tag allows 2 failed password attempts in all (AUTHLIM 1)"))
        #expect(unconfirmed.standardError.contains("add --yes"))
        let wrong = try pn532ctl(["unprotect", "--password", "09090909", "--yes"] + device)
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("wrong password"))
        #expect(wrong.standardError.contains("counted against AUTHLIM"))
        #expect(try pn532ctl(["unprotect", "--password", "01020304", "--yes"] + device).status == 0)
        #expect(try pn532ctl(["write", "--uri", "http://x"] + device).status == 0)
    }

    /// A read-protected tag: identify shows product, UID and the protection; read says where
    /// the protection starts, and reads with the password.
    @Test func passwordProtectedTagsAreShownAndReadWithThePassword() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6"])
        let device = ["--device", simulator.path]
        #expect(try pn532ctl(["write", "--uri", "https://a.example"] + device).status == 0)
        #expect(try pn532ctl(["protect", "--password", "01020304", "--protect-reads"] + device).status == 0)
        let identify = try pn532ctl(["identify"] + device)
        #expect(identify.status == 0, "\(identify.standardError)")
        #expect(identify.output.contains("Product   NTAG213"))
        #expect(identify.output.contains("UID       04A1B2C3D4E5F6"))
        #expect(identify.output.contains("Password  reads and writes protected from page 4"))
        let read = try pn532ctl(["read"] + device)
        #expect(read.status == 1)
        #expect(read.standardError.contains("password-protected from page 4"))
        let withPassword = try pn532ctl(["read", "--password", "01020304"] + device)
        #expect(withPassword.output.contains("URI: https://a.example"))
        #expect(try pn532ctl(["dump", "--password", "01020304"] + device).status == 0)
        #expect(try pn532ctl(["write", "--password", "01020304", "--uri", "https://b.example"] + device).status == 0)
    }

    @Test func dumpToStandardOutputIsThePagesAlone() throws {
        let dump = try pn532ctl(["dump", "--out", "-", "--device", "sim:ntag213"])
        #expect(dump.status == 0)
        #expect(dump.standardOutput.count == 45 * 4)
        #expect(dump.standardError.contains("Wrote 180 bytes"))
    }

    @Test(arguments: [["dump"], ["dump", "--out", "-"], ["read", "--json"], ["identify"]])
    func aFullStandardOutputIsAnIOError(_ arguments: [String]) throws {
        let result = try pn532ctlIntoFullDevice(arguments + ["--device", "sim"])
        #expect(result.status == 74)
        #expect(result.standardError.contains("No space left on device"))
    }

    /// SIGINT during a write: the tear-safe write is finished, the command says what the tag
    /// holds, and exits 130.
    @Test func interruptedWriteFinishesAndSaysSo() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215"])
        let text = String(repeating: "z", count: 300)
        let write = try BackgroundCommand(["write", "--trace", "--device", simulator.path, "--text", text], readingStandardError: true)
        _ = try write.readLine(containing: "D4 40 01 A2")
        #expect(write.interrupt() == 130)
        let said = try write.readLine(containing: "interrupted")
        #expect(said.contains("interrupted (SIGINT) after the write finished") && said.contains("holds the new message"))
        #expect(try pn532ctl(["read", "--device", simulator.path]).output.contains(text))
    }

    @Test func waitOfZeroSaysWhatIsAllowed() throws {
        let result = try pn532ctl(["read", "--wait", "0"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--wait must be more than 0 and at most 86400 seconds, not 0.0 (leave it out for a short poll)"))
    }
}
