import Foundation
import Testing

/// `pn532ctl ntag424 provision` and `ntag424 status` against `pn532ctl sim` on a pty (and the
/// in-process simulator for one-shot runs): a factory card keyed and shown provisioned, a card
/// pulled away mid-run resumed, another site's card and bad input refused with nothing changed.
@Suite("pn532ctl ntag424 on a simulator")
struct NTAG424CommandTests {
    static let url = "https://example.com/sun?e={picc}&c={mac}"

    /// The key files of a site in `scene`'s directory.
    static func keyFiles(_ scene: FlashScene) throws -> (master: String, picc: String) {
        let master = try scene.file("site.key", "000102030405060708090A0B0C0D0E0F\n")
        let picc = try scene.file("picc.key", "F0EFEEEDECEBEAE9E8E7E6E5E4E3E2E1\n")
        for path in [master, picc] { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
        return (master, picc)
    }

    static func provision(_ scene: FlashScene, _ keys: (master: String, picc: String), _ more: [String]) throws -> BackgroundCommand {
        try BackgroundCommand(
            ["ntag424", "provision", "--device", scene.simulator.path, "--report", scene.report, "--master-key-file", keys.master,
             "--picc-key-file", keys.picc, "--url", url] + more)
    }

    @Test func aFactoryCardIsKeyedThenShownProvisioned() throws {
        let scene = try FlashScene(tag: "ntag424:uid=04A1000000A424")
        let keys = try Self.keyFiles(scene)
        let run = try Self.provision(scene, keys, ["--count", "1"])
        #expect(try run.readLine() == "Ready: present the tags one at a time (0/1 written).")
        #expect(try run.readLine().hasPrefix("ok      04A1000000A424  NTAG 424 DNA  74 bytes  1/1"))
        #expect(try run.readLine().hasPrefix("Done: 1 written, 0 failed"))
        #expect(run.wait() == 0)
        #expect(try scene.reportRows().last?.hasSuffix(",04A1000000A424,NTAG 424 DNA,74,ok,") == true)
        let status = try pn532ctl(["ntag424", "status", "--wait", "5", "--device", scene.simulator.path, "--master-key-file", keys.master])
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.output.contains("Key versions  0:01 1:01 2:01 3:01 4:01\n"))
        #expect(status.output.contains("Key 0         this site's key authenticates\n"))
        #expect(status.output.contains("NDEF file     plain, read free, write key 3, read-write key 3, change key 0; 256 bytes\n"))
        #expect(status.output.contains("SUN           PICCData (key 2) at 25, SDMMAC (key 1) at 60 over 60..<60\n"))
        #expect(status.output.hasSuffix("State         provisioned: provisioned with this site's key 0: ntag424 provision checks it again\n"))
        let read = try pn532ctl(["read", "--wait", "5", "--device", scene.simulator.path])
        let url = try #require(read.output.split(separator: "\n").first { $0.hasPrefix("[1] URI: ") }?.dropFirst("[1] URI: ".count))
        let verified = try pn532ctl(
            ["sun", "verify", String(url), "--picc-key-file", keys.picc, "--mac-master-key-file", keys.master, "--key-number", "1"])
        #expect(verified.status == 0, "\(url): \(verified.output)\(verified.standardError)")
        #expect(verified.output.contains("04A1000000A424"))
        let json = try pn532ctl(["ntag424", "status", "--wait", "5", "--device", scene.simulator.path, "--master-key-file", keys.master, "--json"])
        let objects = try JSONSchemaTests.expectLines(json, "ntag424Status")
        #expect(objects.count == 1)
        #expect(json.output.contains(#""keyZero":"site""#))
    }

    @Test func aCardPulledAwayMidKeyingResumesWhenPresentedAgain() throws {
        // SELECT, 5 GetKeyVersion, GetFileSettings, 2 authentication parts, 2 WriteData, CC read
        // and write, ChangeFileSettings, ChangeKey 1 and 2: then the card leaves.
        let scene = try FlashScene(tag: "ntag424:uid=04A1000000B424", simulatorArguments: ["--fault", "tag-remove-after=16"])
        let keys = try Self.keyFiles(scene)
        let run = try Self.provision(scene, keys, ["--count", "1"])
        _ = try run.readLine()
        let failed = try run.readLine()
        #expect(failed.hasPrefix("failed  04A1000000B424  NTAG 424 DNA  "))
        #expect(failed.hasSuffix("key 0 is still the factory key: present the card again to resume"))
        #expect(try scene.simulator.control("return") == "returned 04A1000000B424 NTAG 424 DNA")
        #expect(try run.readLine().hasPrefix("ok      04A1000000B424  NTAG 424 DNA  74 bytes  1/1"))
        #expect(run.wait() == 0)
        let status = try pn532ctl(["ntag424", "status", "--wait", "5", "--device", scene.simulator.path, "--master-key-file", keys.master])
        #expect(status.output.contains("State         provisioned"))
    }

    @Test func anotherSitesCardIsRefusedAndLeftAsItWas() throws {
        let scene = try FlashScene(tag: "ntag424:keys=test")
        let keys = try Self.keyFiles(scene)
        let before = try pn532ctl(["ntag424", "status", "--wait", "5", "--device", scene.simulator.path])
        #expect(before.output.contains("State         keyed: keyed (key 0 at version 01): give --master-key-file"))
        let run = try Self.provision(scene, keys, ["--count", "1"])
        _ = try run.readLine()
        #expect(try run.readLine().hasSuffix(
            "key 0 (version 01) does not authenticate with this site's key: another site's card, or another master key or --system-id; nothing was changed"))
        #expect(run.interrupt() == 130)
        let after = try pn532ctl(["ntag424", "status", "--wait", "5", "--device", scene.simulator.path])
        #expect(after.output == before.output)
    }

    @Test func badInputIsRefusedBeforeTheReaderIsOpened() throws {
        let scene = try FlashScene(tag: "ntag424")
        let keys = try Self.keyFiles(scene)
        let short = try scene.file("short.key", "0011223344556677\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: short)
        let base = ["ntag424", "provision", "--device", "sim:ntag424", "--count", "1"]
        let cases: [([String], Int32, String)] = [
            (["--master-key-file", short, "--picc-key-file", keys.picc, "--url", Self.url], 65, "holds 17 bytes: an AES-128 key file holds"),
            (["--master-key-file", scene.directory.path + "/none.key", "--picc-key-file", keys.picc, "--url", Self.url], 66, "none.key"),
            (["--master-key-file", keys.master, "--picc-key-file", keys.picc, "--url", "https://example.com/?c={mac}"], 64, "--url: no {picc}"),
            (["--master-key-file", keys.master, "--picc-key-file", keys.picc, "--url", Self.url, "--random-id"], 64, "--random-id is irreversible"),
            (["--master-key-file", keys.master, "--picc-key-file", keys.picc, "--url", Self.url, "--key-version", "0"], 64, "--key-version: 0"),
            (["--master-key-file", keys.master, "--picc-key-file", keys.picc, "--url", Self.url, "--system-id", String(repeating: "AB", count: 24)],
             64, "--system-id: 24 bytes"),
        ]
        for (arguments, status, message) in cases {
            let result = try pn532ctl(base + arguments)
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.output.isEmpty, "nothing done: \(result.output)")
        }
    }

    @Test func jsonEventsAreFlashEvents() throws {
        let scene = try FlashScene(tag: "ntag424")
        let keys = try Self.keyFiles(scene)
        let result = try pn532ctl(
            ["ntag424", "provision", "--device", "sim:ntag424", "--master-key-file", keys.master, "--picc-key-file", keys.picc, "--url", Self.url,
             "--count", "1", "--json"])
        let events = try JSONSchemaTests.expectLines(result, "flashEvent")
        #expect(events.count == 3)
        #expect(result.output.contains(#""event":"tag","device":"sim:ntag424","result":"ok","uid":"04424DAA000001","product":"NTAG 424 DNA","bytes":74"#))
    }

    @Test func aCardOfAnotherFamilyIsNotAnNTAG424() throws {
        let status = try pn532ctl(["ntag424", "status", "--device", "sim:ntag213"])
        #expect(status.status == 1)
        #expect(status.standardError.contains("not an NTAG 424 DNA (NTAG213 "))
    }
}
