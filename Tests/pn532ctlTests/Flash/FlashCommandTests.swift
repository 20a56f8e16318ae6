import Foundation
import Testing

/// `pn532ctl flash` against `pn532ctl sim` on a pty, a scripted stream of tags: each step
/// waits for flash's line about the tag before the next tag is presented.
@Suite("pn532ctl flash on a pty simulator")
struct FlashCommandTests {
    @Test func plainRunOfThreeTags() throws {
        let scene = try FlashScene(tag: "ntag213:uid=04000000000011")
        let flash = try scene.flash(["--count", "3", "--text", "Tag {seq}", "--uri", "https://example.com/t/{uid}"])
        #expect(try flash.readLine() == "Ready: present the tags one at a time (0/3 written).")
        for index in 1...3 {
            let uid = "0400000000001\(index)"
            let line = try flash.readLine()
            #expect(line.hasPrefix("ok      \(uid)  NTAG213  "))
            #expect(line.hasSuffix(" bytes  \(index)/3"))
            let read = try scene.readBack(uid, product: "ntag213")
            #expect(read.contains("Tag \(index)"))
            #expect(read.contains("https://example.com/t/\(uid)"))
            if index < 3 { try scene.swap(to: "ntag213:uid=0400000000001\(index + 1)") }
        }
        #expect(try flash.readLine().hasPrefix("Done: 3 written, 0 failed, 0 skipped in "))
        #expect(flash.wait() == 0)
        let rows = try scene.reportRows()
        #expect(rows.first == "time,uid,product,bytes,result,error")
        #expect(rows.count == 4)
        for (index, row) in rows.dropFirst().enumerated() {
            let fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 6)
            #expect(fields[0].wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
            #expect(fields[1...] == ["0400000000001\(index + 1)", "NTAG213", "45", "ok", ""])
        }
    }

    @Test func csvRowsFillTheTemplatesAndEndTheRun() throws {
        let scene = try FlashScene(tag: "ntag215:uid=04000000000021")
        let csv = try scene.file("people.csv", "name,room\n\"Lovelace, Ada\",101\nBob,\"2\"\"B\"\n")
        let flash = try scene.flash(["--csv", csv, "--text", "{col:name} in {col:room} (#{seq})"])
        #expect(try flash.readLine() == "Ready: present the tags one at a time (0/2 written).")
        #expect(try flash.readLine().hasPrefix("ok      04000000000021  NTAG215  "))
        #expect(try scene.readBack("04000000000021", product: "ntag215").contains("Lovelace, Ada in 101 (#1)"))
        try scene.swap(to: "ntag215:uid=04000000000022")
        #expect(try flash.readLine().hasPrefix("ok      04000000000022  NTAG215  "))
        #expect(try scene.readBack("04000000000022", product: "ntag215").contains("Bob in 2\"B (#2)"))
        #expect(try flash.readLine().hasPrefix("Done: 2 written"))
        #expect(flash.wait() == 0)
    }

    @Test func readOnlyTagFailsAndTheRunGoesOn() throws {
        let scene = try FlashScene(tag: "ntag213:uid=04000000000031")
        var image = try scene.save("04000000000031")
        image[15] = 0x0F
        let path = try scene.file("read-only.mfd", image)
        #expect(try scene.simulator.control("remove") == "removed all")
        #expect(try scene.simulator.control("present ntag213:image=\(path)") == "present 04000000000031 NTAG213")
        let flash = try scene.flash(["--count", "1", "--text", "hello"])
        _ = try flash.readLine()
        #expect(try flash.readLine() == "failed  04000000000031  NTAG213  the tag is read-only: nothing was written")
        #expect(try scene.save("04000000000031") == image)
        try scene.swap(to: "ntag213:uid=04000000000032")
        #expect(try flash.readLine().hasPrefix("ok      04000000000032"))
        #expect(try flash.readLine().hasPrefix("Done: 1 written, 1 failed"))
        #expect(flash.wait() == 0)
        let rows = try scene.reportRows()
        #expect(rows.count == 3)
        #expect(rows[1].hasSuffix(",04000000000031,NTAG213,12,failed,the tag is read-only: nothing was written"))
        #expect(rows[2].hasSuffix(",04000000000032,NTAG213,12,ok,"))
    }

    @Test func aCardOfAnotherFamilyIsRefusedWithNothingSentAndTheRunGoesOn() throws {
        let scene = try FlashScene(tag: "ntag213:uid=04000000000033")
        #expect(try scene.simulator.control("remove") == "removed all")
        #expect(try scene.simulator.control("present classic1k:uid=C1000033").hasPrefix("present"))
        let flash = try scene.flash(["--count", "1", "--text", "hello"])
        _ = try flash.readLine()
        let refusal = "not an NDEF tag we can read: MIFARE Classic 1K: nothing was written"
        #expect(try flash.readLine() == "failed  C1000033  MIFARE Classic 1K  \(refusal)")
        try scene.swap(to: "ntag213:uid=04000000000033")
        #expect(try flash.readLine().hasPrefix("ok      04000000000033"))
        #expect(try flash.readLine().hasPrefix("Done: 1 written, 1 failed"))
        #expect(flash.wait() == 0)
        let rows = try scene.reportRows()
        #expect(rows.count == 3)
        #expect(rows[1].hasSuffix(",C1000033,MIFARE Classic 1K,,failed,\(refusal)"))
    }

    /// A FeliCa, a Topaz and a DESFire in one run, each written through its own layer and read
    /// back by `pn532ctl read` once the run is over; a Type 4 tag with --lock is refused.
    @Test func tagsOfEveryFamilyAreWrittenInOneRun() throws {
        let scene = try FlashScene(tag: "felica-lite-s:uid=012E4CF100000034")
        let flash = try scene.flash(["--count", "3", "--text", "Tag {seq}"])
        #expect(try flash.readLine() == "Ready: present the tags one at a time (0/3 written).")
        #expect(try flash.readLine().hasPrefix("ok      012E4CF100000034  FeliCa Lite-S  12 bytes  1/3"))
        try scene.swap(to: "topaz512")
        #expect(try flash.readLine().contains("  Topaz/Jewel  12 bytes  2/3"))
        try scene.swap(to: "desfire-ndef:uid=04DE5F1E000034")
        #expect(try flash.readLine().hasPrefix("ok      04DE5F1E000034  MIFARE DESFire  12 bytes  3/3"))
        #expect(try flash.readLine().hasPrefix("Done: 3 written, 0 failed"))
        #expect(flash.wait() == 0)
        let read = try pn532ctl(["read", "--device", scene.simulator.path])
        #expect(read.status == 0)
        #expect(read.output.contains("Tag 3"))
        let locking = try scene.flash(["--count", "1", "--lock", "--yes", "--text", "x"])
        _ = try locking.readLine()
        #expect(try locking.readLine() == "failed  04DE5F1E000034  MIFARE DESFire  --lock: the NDEF file of MIFARE DESFire, an NFC Forum Type 4 tag, becomes read-only only with the card's keys, which flash does not use: nothing was written")
        #expect(locking.interrupt() == 130)
        #expect(try pn532ctl(["read", "--device", scene.simulator.path]).output.contains("Tag 3"))
    }

    @Test func messageTooLargeForTheTagFailsAndTheRunGoesOn() throws {
        let scene = try FlashScene(tag: "ultralight:uid=04000000000041")
        let before = try scene.save("04000000000041")
        let flash = try scene.flash(["--count", "1", "--text", String(repeating: "x", count: 100)])
        _ = try flash.readLine()
        #expect(try flash.readLine()
            == "failed  04000000000041  MIFARE Ultralight  the message is 107 bytes, the tag holds at most 46: nothing was written")
        #expect(try scene.save("04000000000041") == before)
        try scene.swap(to: "ntag213:uid=04000000000042")
        #expect(try flash.readLine().hasPrefix("ok      04000000000042  NTAG213  107 bytes  1/1"))
        #expect(flash.wait() == 0)
    }

    @Test func twoTagsAreRefusedUntilOneIsTakenAway() throws {
        let scene = try FlashScene(tags: ["ntag213:uid=04000000000051", "ntag213:uid=04000000000052"])
        let flash = try scene.flash(["--count", "1", "--text", "one"])
        _ = try flash.readLine()
        #expect(try flash.readLine() == "More than one tag detected — remove all but one and try again.")
        #expect(try scene.simulator.control("remove 04000000000052") == "removed 04000000000052")
        #expect(try flash.readLine().hasPrefix("ok      04000000000051"))
        #expect(flash.wait() == 0)
        #expect(try scene.reportRows().count == 2)
    }

    @Test func tagRemovedMidWriteFailsThenSucceedsWhenPresentedAgain() throws {
        // GET_VERSION, READ page 2, FAST_READ 6-11, WRITE page 5 (the NDEF TLV's length 0, after
        // NTAG213's Lock Control TLV); the next WRITE finds no tag.
        let scene = try FlashScene(tag: "ntag213:uid=04000000000061", simulatorArguments: ["--fault", "tag-remove-after=4"])
        #expect(try scene.simulator.control("return") == "error: no tag has left the field")
        let flash = try scene.flash(["--count", "1", "--text", "after the tear"])
        _ = try flash.readLine()
        #expect(try flash.readLine().hasPrefix("failed  04000000000061  NTAG213  the tag left the field during the write (after 1 pages)"))
        #expect(try scene.simulator.control("return") == "returned 04000000000061 NTAG213")
        #expect(try flash.readLine().hasPrefix("ok      04000000000061"))
        #expect(try scene.readBack("04000000000061", product: "ntag213").contains("after the tear"))
        #expect(flash.wait() == 0)
        let rows = try scene.reportRows()
        #expect(rows.count == 3)
        #expect(rows[1].contains(",04000000000061,NTAG213,21,failed,the tag left the field"))
        #expect(rows[2].hasSuffix(",04000000000061,NTAG213,21,ok,"))
    }

    @Test func resumeSkipsTagsTheReportListsAsDone() throws {
        let scene = try FlashScene(tag: "ntag213:uid=04000000000071")
        let first = try scene.flash(["--count", "1", "--text", "Tag {seq}"])
        _ = try first.readLine()
        #expect(try first.readLine().hasPrefix("ok      04000000000071"))
        #expect(first.wait() == 0)
        let second = try scene.flash(["--resume", "--count", "2", "--text", "Tag {seq}"])
        #expect(try second.readLine() == "Ready: present the tags one at a time (1/2 written).")
        #expect(try second.readLine() == "skipped 04000000000071  already written: take it away")
        try scene.swap(to: "ntag213:uid=04000000000072")
        #expect(try second.readLine().hasPrefix("ok      04000000000072  NTAG213  12 bytes  2/2"))
        #expect(try second.readLine().hasPrefix("Done: 1 written, 0 failed, 1 skipped"))
        #expect(second.wait() == 0)
        #expect(try scene.readBack("04000000000072", product: "ntag213").contains("Tag 2"))
        let rows = try scene.reportRows()
        #expect(rows.count == 3)
        #expect(rows.filter { $0.contains(",04000000000071,") }.count == 1)
    }

    @Test func lockAndProtectAreOnTheTagsMemory() throws {
        let scene = try FlashScene(tag: "ntag213:uid=04000000000081")
        let secret = try scene.secret("tags.secret")
        let flash = try scene.flash(["--count", "1", "--lock", "--yes", "--protect", "--secret-file", secret, "--text", "locked"])
        _ = try flash.readLine()
        #expect(try flash.readLine().hasPrefix("ok      04000000000081"))
        #expect(flash.wait() == 0)
        let image = try scene.save("04000000000081")
        let path = try scene.file("locked.mfd", image)
        #expect(image[10..<12] == [0xFF, 0xFF])
        #expect(image[15] == 0x0F)
        #expect(image[0x28 * 4..<0x28 * 4 + 3] == [0xFF, 0xFF, 0xFF])
        #expect(image[0x29 * 4 + 3] == 0x04)
        #expect(image[0x2B * 4..<0x2B * 4 + 4] != [0xFF, 0xFF, 0xFF, 0xFF])
        let device = "sim:ntag213:image=\(path)"
        let write = try pn532ctl(["write", "--device", device, "--text", "again"])
        #expect(write.status == 1)
        #expect(write.standardError.contains("read-only"))
        let other = try scene.secret("other.secret", byte: 0x42)
        #expect(try pn532ctl(["unprotect", "--device", device, "--secret-file", other]).status == 1)
        let unprotect = try pn532ctl(["unprotect", "--device", device, "--secret-file", secret])
        #expect(unprotect.status == 0)
        #expect(unprotect.output == "Unprotected NTAG213 04000000000081\n")
    }

    @Test func genuineTagsOnlyWithTheTestKey() throws {
        let scene = try FlashScene(tag: "ntag213:uid=04000000000091")
        let flash = try scene.flash(["--count", "1", "--require-genuine", "--originality-key", "test", "--text", "genuine"])
        _ = try flash.readLine()
        #expect(try flash.readLine()
            == "failed  04000000000091  NTAG213  the originality signature does not verify (--require-genuine): not a genuine tag, nothing was written")
        try scene.swap(to: "ntag213:uid=04A1B2C3D4E5F6")
        #expect(try flash.readLine().hasPrefix("ok      04A1B2C3D4E5F6"))
        #expect(flash.wait() == 0)
    }

    @Test func doorTokensFromACSVColumn() throws {
        let scene = try FlashScene(tag: "ntag213:uid=040000000000A1")
        let key = try scene.secret("door.key")
        let csv = try scene.file("users.csv", "user\nalice\n")
        let flash = try scene.flash(["--csv", csv, "--token-column", "user", "--key", key, "--json"])
        let device = #""device":"uart:"# + scene.simulator.path + #":115200","#
        #expect(try flash.readLine() == #"{"event":"ready","# + device + #""done":0,"total":1}"#)
        #expect(try flash.readLine() == #"{"event":"tag","# + device + #""result":"ok","uid":"040000000000A1","product":"NTAG213","bytes":59,"seq":1,"error":null,"done":1,"total":1}"#)
        #expect(try flash.readLine().hasPrefix(#"{"event":"summary","# + device + #""written":1,"failed":0,"skipped":0,"interrupted":false,"#))
        #expect(flash.wait() == 0)
        let read = try scene.readBack("040000000000A1", product: "ntag213", json: true)
        #expect(read.contains(#""type":"pn532ctl.org:token""#))
        #expect(read.contains(#""payloadLength":38"#), "a version 2 token")
        #expect(read.contains(#""payloadHex":"0200000000"#))
    }

    @Test func ctrlCEndsBetweenTagsWithTheReportComplete() throws {
        let scene = try FlashScene(tag: "ntag213:uid=040000000000B1")
        let flash = try scene.flash(["--text", "until stopped"])
        #expect(try flash.readLine() == "Ready: present the tags one at a time (0 written).")
        #expect(try flash.readLine().hasPrefix("ok      040000000000B1  NTAG213  20 bytes  1"))
        #expect(flash.interrupt() == 130)
        #expect(try flash.readLine().hasPrefix("Interrupted: 1 written, 0 failed, 0 skipped in "))
        let rows = try scene.reportRows()
        #expect(rows.count == 2)
        #expect(rows[1].hasSuffix(",040000000000B1,NTAG213,20,ok,"))
    }

    @Test func inProcessSimulatorWithJSONEvents() throws {
        let result = try pn532ctl(["flash", "--device", "sim:ntag216", "--count", "1", "--json", "--text", "hi"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"event":"ready","device":"sim:ntag216","done":0,"total":1}"#)
        #expect(lines[1].hasPrefix(#"{"event":"tag","device":"sim:ntag216","result":"ok","uid":"#))
        #expect(lines[1].contains(#""product":"NTAG216","bytes":9,"seq":1,"error":null,"done":1,"total":1}"#))
        #expect(lines[2].hasPrefix(#"{"event":"summary","device":"sim:ntag216","written":1"#))
    }

    /// Bad input stops the run before the reader is opened (the device does not exist: opening
    /// it would exit 69) and before the report is created.
    @Test func badInputIsRefusedWithNothingWritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ name: String, _ text: String, permissions: Int = 0o600) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
            return path
        }
        let rooms = try file("rooms.csv", "name,room\nAda,101\n")
        let longUser = try file("users.csv", "user\nalice\n\(String(repeating: "u", count: 70))\n")
        let badQuote = try file("bad.csv", "name\nA\"da\n")
        let twice = try file("twice.csv", "name,room,room\nAda,101,102\n")
        let key = try file("door.key", "a site key of thirty-two bytes!!")
        let openKey = try file("open.key", "a site key of thirty-two bytes!!", permissions: 0o644)
        let guessableKey = try file("guessable.key", String(repeating: "k", count: 32))
        let report = directory.appendingPathComponent("report.csv").path
        let cases: [([String], Int32, String)] = [
            (["--lock", "--text", "x"], 64, "--lock is irreversible: add --yes to confirm"),
            (["--protect", "--text", "x"], 64, "--protect and --secret-file FILE go together"),
            (["--text", "x", "--originality-key", "test"], 64, "--originality-key goes with --require-genuine"),
            (["--text", "{serial}"], 64, "unknown placeholder {serial}"),
            (["--text", "{col:room}"], 64, "{col:room} needs --csv FILE"),
            (["--lock", "--yes"], 64, "nothing to write"),
            (["--csv", rooms, "--text", "{col:name} {col:floor}"], 65, "rooms.csv has no column 'floor' (its columns: name, room)"),
            (["--csv", badQuote, "--text", "{col:name}"], 65, "line 2: a quote inside an unquoted field"),
            (["--csv", twice, "--text", "{col:name}"], 65, "twice.csv: line 1: the header names column 2 and column 3 both \"room\""),
            (["--csv", longUser, "--token-column", "user", "--key", key], 65, "users.csv row 2: token for"),
            (["--token-user", "alice", "--key", directory.appendingPathComponent("missing.key").path], 66, "cannot open"),
            (["--token-user", "alice", "--key", openKey], 77, "is readable by group or others"),
            (["--token-user", "alice", "--key", guessableKey], 65, "holds only 1 different byte values: it is guessable, not a key"),
            (["--protect", "--secret-file", guessableKey, "--text", "x"], 65, "holds only 1 different byte values: it is guessable, not a key"),
            (["--token-user", "alice", "--key", directory.path], 65, "is not a regular file"),
            (["--csv", directory.appendingPathComponent("missing.csv").path, "--text", "x"], 66, "cannot open"),
        ]
        for (arguments, status, message) in cases {
            let result = try pn532ctl(["flash", "--device", "/dev/pn532-that-does-not-exist", "--report", report] + arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: report))
        }
    }
}
