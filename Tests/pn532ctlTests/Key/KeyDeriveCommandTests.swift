import Foundation
import Testing

/// `pn532ctl key derive`: AN10922's example as the command prints it, the factory key's
/// warning, and arguments refused by name.
@Suite("key derive")
struct KeyDeriveCommandTests {
    /// A directory with AN10922's master key (hex, a newline), the zero key (raw), and a key
    /// group may read.
    final class MasterKeys {
        let directory: URL
        var site: String { directory.appendingPathComponent("site.key").path }
        var zero: String { directory.appendingPathComponent("zero.key").path }
        var open: String { directory.appendingPathComponent("open.key").path }

        init() throws {
            directory = try temporaryDirectory()
            try Data("00112233445566778899AABBCCDDEEFF\n".utf8).write(to: URL(fileURLWithPath: site))
            try Data(count: 16).write(to: URL(fileURLWithPath: zero))
            try Data("00112233445566778899AABBCCDDEEFF".utf8).write(to: URL(fileURLWithPath: open))
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: site)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: zero)
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: open)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    static let example = ["--uid", "04782E21801D80", "--aid", "3042F5", "--system-id", "4E585020416275"]

    @Test func printsAN10922sExampleKey() throws {
        let keys = try MasterKeys()
        let result = try pn532ctl(["key", "derive", "--master-key-file", keys.site] + Self.example)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == "A8DD63A3B89D54B37CA802473FDA9175\n")
        #expect(result.standardError.isEmpty)
        let json = try pn532ctl(["key", "derive", "--master-key-file", keys.site, "--json", "--uid", "04:78:2e:21:80:1d:80"])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(json.output.hasPrefix(#"{"uid":"04782E21801D80","aid":null,"keyNumber":null,"systemId":null,"key":""#))
        #expect(!json.output.contains("A8DD63A3B89D54B37CA802473FDA9175"), "another input, another key")
    }

    /// An NTAG 424 DNA's key N is AN10922(master, UID ‖ N ‖ system id): the key number is one
    /// byte where a DESFire's AID stands (the key below is that input's, computed apart).
    @Test func printsAnNTAG424KeyByItsKeyNumber() throws {
        let keys = try MasterKeys()
        let text = try pn532ctl(["key", "derive", "--master-key-file", keys.site, "--uid", "04782E21801D80", "--key-number", "2"])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.output == "86B9F262B990793B604BA4AB6D192D1C\n")
        let json = try pn532ctl(["key", "derive", "--master-key-file", keys.site, "--uid", "04782E21801D80", "--key-number", "2", "--json"])
        #expect(json.output == #"{"uid":"04782E21801D80","aid":null,"keyNumber":2,"systemId":null,"key":"86B9F262B990793B604BA4AB6D192D1C"}"# + "\n")
        let other = try pn532ctl(["key", "derive", "--master-key-file", keys.site, "--uid", "04782E21801D80", "--key-number", "3"])
        #expect(other.status == 0 && other.output != text.output, "another key number, another key")
    }

    @Test func theFactoryKeyIsAcceptedWithAWarningButNotUnderJSON() throws {
        let keys = try MasterKeys()
        let text = try pn532ctl(["key", "derive", "--master-key-file", keys.zero, "--uid", "04782E21801D80"])
        #expect(text.status == 0)
        #expect(text.output.count == 33)
        #expect(text.standardError.contains("all-zero factory key: anyone can derive every card's key and forge a card"))
        let json = try pn532ctl(["key", "derive", "--master-key-file", keys.zero, "--uid", "04782E21801D80", "--json"])
        #expect(json.status == 0 && json.standardError.isEmpty)
    }

    @Test func badArgumentsAreUsageErrorsNamingTheOption() throws {
        let keys = try MasterKeys()
        for (arguments, words) in [
            (["--uid", "04782E21801D"], "--uid: 6 bytes; a card's UID is 4, 7 or 10 bytes"),
            (["--uid", "04782G21801D80"], "--uid: "),
            (["--uid", ""], "--uid: no hex digits"),
            (["--uid", "04782E21801D80", "--aid", "3042"], "--aid: 2 bytes; an application ID is 3"),
            (["--uid", "04782E21801D80", "--system-id", String(repeating: "AB", count: 25)], "--system-id: UID, AID and system identifier are 32 bytes"),
            (["--uid", "04782E21801D80", "--key-number", "5"], "--key-number: 5; an NTAG 424 DNA's keys are 0-4"),
            (["--uid", "04782E21801D80", "--key-number", "1", "--aid", "F54201"], "give --aid (a DESFire application's key) or --key-number (an NTAG 424 DNA's key), not both"),
            (["--uid", "04782E21801D80", "--key-number", "1", "--system-id", String(repeating: "AB", count: 24)], "--system-id: UID, key number and system identifier are 32 bytes"),
        ] {
            let result = try pn532ctl(["key", "derive", "--master-key-file", keys.site] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(words), "\(result.standardError)")
            #expect(result.output.isEmpty)
        }
    }

    @Test func keyFilesAreRefusedByTheSecretFileRules() throws {
        let keys = try MasterKeys()
        let open = try pn532ctl(["key", "derive", "--master-key-file", keys.open, "--uid", "04782E21801D80"])
        #expect(open.status == 77 && open.standardError.contains("readable by group or others: chmod 600 it"))
        let missing = try pn532ctl(["key", "derive", "--master-key-file", keys.directory.appendingPathComponent("none").path, "--uid", "04782E21801D80"])
        #expect(missing.status == 66)
        try Data("not a key".utf8).write(to: URL(fileURLWithPath: keys.site))
        let bad = try pn532ctl(["key", "derive", "--master-key-file", keys.site, "--uid", "04782E21801D80"])
        #expect(bad.status == 65 && bad.standardError.contains("16 key bytes raw, or 32 hex digits"))
        #expect(bad.output.isEmpty)
    }
}
