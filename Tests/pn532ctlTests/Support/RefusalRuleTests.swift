import Foundation
import Testing

/// One rule for refusals: a missing confirmation is usage (64) in every command, in one line
/// that names `--yes` (not the usage text); a bad option value is usage (64) and names its
/// option.
@Suite("One rule for refusals")
struct RefusalRuleTests {
    @Test func lockWithoutYesIsOneLineNamingYes() throws {
        let result = try pn532ctl(["lock"])
        #expect(result.status == 64)
        #expect(result.standardError == "pn532ctl: locking is irreversible: add --yes to confirm\n")
        #expect(result.output.isEmpty)
    }

    @Test func flashLockWithoutYesIsOneLineNamingYes() throws {
        let result = try pn532ctl(["flash", "--lock", "--text", "x", "--device", "/nonexistent/ttyPN532"])
        #expect(result.status == 64)
        #expect(result.standardError == "pn532ctl: --lock is irreversible: add --yes to confirm\n")
    }

    @Test func formatOverAMessageWithoutYesIsUsage() throws {
        let result = try pn532ctl(["format"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("pn532ctl: the tag holds an NDEF message"))
        #expect(result.standardError.contains("add --yes"))
        #expect(!result.standardError.contains("USAGE"))
    }

    @Test(arguments: [
        (["read", "--password", "xyz12345"], "--password xyz12345: "),
        (["read", "--password", "0102"], "--password must be 4 bytes (8 hex digits), not 2"),
        (["read", "--password", "01020304", "--pack", "zz"], "--pack zz: "),
        (["dump", "--password", "01020304", "--pack", "010203"], "--pack must be 2 bytes (4 hex digits), not 3"),
        (["protect", "--password", "0102030G"], "--password 0102030G: "),
        (["unprotect", "--password", ""], "--password must be 4 bytes (8 hex digits), not 0"),
        (["write", "--mime", "a/b", "--hex", "XY"], "--hex XY: "),
    ])
    func aBadValueNamesItsOptionAndIsUsage(_ arguments: [String], _ message: String) throws {
        let result = try pn532ctl(arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.output.isEmpty)
    }

    @Test func numbersAreNamedByTheParser() throws {
        for (arguments, option) in [(["scan", "--wait", "soon"], "--wait"), (["protect", "--password", "01020304", "--attempt-limit", "x"], "--attempt-limit"),
                                    (["scan", "--watch", "--count", "1.5"], "--count"), (["protect", "--password", "01020304", "--attempt-limit", "9"], "--attempt-limit")] {
            let result = try pn532ctl(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(option), "\(arguments): \(result.standardError)")
        }
    }
}
