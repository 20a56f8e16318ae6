import Foundation
import Testing

@Suite("identify, read, write, dump, format, lock, protect")
struct TagCommandTests {
    @Test func identifyAndReadTheDefaultTag() throws {
        let identify = try pn532ctl(["identify"])
        #expect(identify.output.contains("Product   NTAG215"))
        #expect(identify.output.contains("NDEF      readWrite, capacity 492 bytes"))
        #expect(identify.output.contains("Signature 7AA03F5E437B434C2547B1DEBA0FCAE831D4DEAAFF9B29FDEED7375BFD8D5FD4"))
        let ultralight = try pn532ctl(["identify", "--device", "sim:ultralight"])
        #expect(ultralight.output.contains("Product   MIFARE Ultralight"))
        #expect(ultralight.output.contains("Signature (none: no READ_SIG)"))
        let read = try pn532ctl(["read", "--json"])
        #expect(read.output.contains("\"uri\":\"https://github.com/pn532ctl/pn532ctl\""))
        let raw = try pn532ctl(["read", "--raw"])
        #expect(raw.output.hasPrefix("D1011D5504"))
        let blank = try pn532ctl(["read", "--device", "sim:blank"])
        #expect(blank.status == 1)
        #expect(blank.standardError.contains("not formatted for NDEF"))
    }

    @Test func writeThenReadOverThePTY() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6"])
        let write = try pn532ctl(["write", "--device", simulator.path, "--text", "Hello", "--uri", "https://nfcpy.org"])
        #expect(write.status == 0)
        #expect(write.output.hasPrefix("Wrote 26 bytes to NTAG213 04A1B2C3D4E5F6:"))
        #expect(write.output.contains("verified"))
        let read = try pn532ctl(["read", "--device", simulator.path])
        #expect(read.output.contains("[1] Text (en, utf-8): \"Hello\""))
        #expect(read.output.contains("[2] URI: https://nfcpy.org"))
    }

    @Test func overCapacityWritesNothing() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag210"])
        let long = String(repeating: "x", count: 60)
        let write = try pn532ctl(["write", "--device", simulator.path, "--text", long])
        #expect(write.status == 1)
        #expect(write.standardError.contains("the message is 67 bytes, the tag holds at most 46: nothing was written"))
        let read = try pn532ctl(["read", "--device", simulator.path])
        #expect(read.output == "NDEF message, 0 bytes, 0 records\n")
    }

    @Test func twoTagsAreRefusedBeforeAnythingIsWritten() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213:uid=04A1B2C3D4E5F6", "--tag", "ntag215:uid=04112233445566"])
        for arguments in [["write", "--uri", "http://a"], ["format"], ["lock", "--yes"], ["protect", "--password", "01020304"]] {
            let result = try pn532ctl(arguments + ["--device", simulator.path])
            #expect(result.status == 1)
            #expect(result.standardError.contains("More than one tag detected — remove all but one and try again."))
        }
        #expect(try simulator.control("remove 04112233445566") == "removed 04112233445566")
        let read = try pn532ctl(["read", "--device", simulator.path])
        #expect(read.output == "NDEF message, 0 bytes, 0 records\n")
    }

    @Test func formatBlankThenWrite() throws {
        let simulator = try SimulatorProcess(["--tag", "blank"])
        #expect(try pn532ctl(["identify", "--device", simulator.path]).output.contains("notSupported, capacity 0"))
        #expect(try pn532ctl(["format", "--device", simulator.path]).status == 0)
        #expect(try pn532ctl(["identify", "--device", simulator.path]).output.contains("readWrite, capacity 46"))
        #expect(try pn532ctl(["write", "--device", simulator.path, "--uri", "tel:123"]).status == 0)
    }

    @Test func lockMakesTheTagReadOnly() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag213"])
        #expect(try pn532ctl(["write", "--device", simulator.path, "--uri", "https://a.b"]).status == 0)
        let refused = try pn532ctl(["lock", "--device", simulator.path])
        #expect(refused.status == 64)
        #expect(try pn532ctl(["lock", "--yes", "--device", simulator.path]).status == 0)
        #expect(try pn532ctl(["identify", "--device", simulator.path]).output.contains("readOnly"))
        let write = try pn532ctl(["write", "--device", simulator.path, "--uri", "https://c.d"])
        #expect(write.status == 1)
        #expect(write.standardError.contains("read-only"))
        #expect(try pn532ctl(["read", "--device", simulator.path]).output.contains("URI: https://a.b"))
    }

    @Test func protectWithAPerTagSecretAndUnprotect() throws {
        let simulator = try SimulatorProcess(["--tag", "ntag215"])
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = directory.appendingPathComponent("secret")
        try Data("a secret of at least 16 bytes".utf8).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secret.path)
        let open = try pn532ctl(["protect", "--device", simulator.path, "--secret-file", secret.path])
        #expect(open.status == 77)
        #expect(open.standardError.contains("readable by group or others"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret.path)
        #expect(try pn532ctl(["protect", "--device", simulator.path, "--secret-file", secret.path]).status == 0)
        let blocked = try pn532ctl(["write", "--device", simulator.path, "--uri", "http://x"])
        #expect(blocked.status == 1)
        let wrong = try pn532ctl(["unprotect", "--device", simulator.path, "--password", "00000000"])
        #expect(wrong.status == 1)
        #expect(try pn532ctl(["unprotect", "--device", simulator.path, "--secret-file", secret.path]).status == 0)
        #expect(try pn532ctl(["write", "--device", simulator.path, "--uri", "http://x"]).status == 0)
    }

    @Test func dumpAnnotatesPages() throws {
        let dump = try pn532ctl(["dump", "--device", "sim:ntag213"])
        let lines = dump.output.split(separator: "\n")
        #expect(lines.count == 45)
        #expect(lines[3].hasPrefix("03 (  3)  E1 10 12 00"))
        #expect(lines[3].hasSuffix("Capability Container"))
        #expect(lines[4].hasSuffix("Lock Control TLV"))
        #expect(lines[40].hasSuffix("dynamic lock bytes"))
        #expect(lines[41].contains("CFG0: AUTH0 FF"))
        let json = try pn532ctl(["dump", "--json", "--device", "sim:ultralight"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let pages = try #require(object["pages"] as? [[String: Any]])
        #expect(pages.count == 16)
        #expect(pages[3]["hex"] as? String == "E1100600")
        #expect(pages[3]["note"] as? String == "Capability Container")
    }
}
