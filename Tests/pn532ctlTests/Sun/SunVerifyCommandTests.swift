import Foundation
import Testing

/// `pn532ctl sun verify` through the built binary, on published messages: Bolt Card's real
/// card (counters 3, 5, 7) and AN12196's SUN1 and SUN2: exit 0 only for a fresh, valid
/// message; a replay and a wrong MAC exit 1 and write nothing; a malformed URL exits 65.
@Suite("sun verify")
struct SunVerifyCommandTests {
    /// A directory with Bolt Card's K1 and K2, the zero key, and a key group may read.
    final class Keys {
        let directory: URL
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        var k1: String { path("k1.key") }
        var k2: String { path("k2.key") }
        var zero: String { path("zero.key") }
        var open: String { path("open.key") }
        var counters: String { path("sun.counters") }

        init() throws {
            directory = try temporaryDirectory()
            for (name, text, mode) in [
                ("k1.key", "0c3b25d92b38ae443229dd59ad34b85d\n", 0o600), ("k2.key", "B45775776CB224C75BCDE7CA3704E933", 0o600),
                ("zero.key", "00000000000000000000000000000000", 0o600), ("open.key", "B45775776CB224C75BCDE7CA3704E933", 0o644),
            ] {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path(name))
            }
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        var counterText: String? { try? String(contentsOfFile: counters, encoding: .utf8) }
    }

    static func bolt(_ p: String, _ c: String) -> String { "lnurlw://card.example/ln?p=\(p)&c=\(c)" }
    static let bolt3 = bolt("4E2E289D945A66BB13377A728884E867", "E19CCB1FED8892CE")
    static let bolt5 = bolt("00F48C4F8E386DED06BCDC78FA92E2FE", "66B4826EA4C155B4")
    static let sun1 = "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086"
    static let sun2 =
        "https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"

    func verify(_ url: String, _ keys: Keys, picc: String? = nil, mac: String? = nil, counters: Bool = true, _ more: [String] = []) throws -> CommandResult {
        var arguments = ["sun", "verify", url, "--mac-key-file", mac ?? keys.k2]
        if let picc { arguments += ["--picc-key-file", picc] }
        if counters { arguments += ["--counter-file", keys.counters] }
        return try pn532ctl(arguments + more)
    }

    @Test func aFreshMessageIsAcceptedAndItsReplayRefused() throws {
        let keys = try Keys()
        let first = try verify(Self.bolt5, keys, picc: keys.k1)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.output.contains("UID        04996C6A926980\nCounter    5\n"))
        #expect(first.output.contains("Valid      yes, and fresh (the UID's first message)"))
        #expect(first.standardError.isEmpty)
        #expect(keys.counterText == "# pn532ctl sun counters v1: UID<TAB>COUNTER\n04996C6A926980\t5\n")
        for replay in [Self.bolt5, Self.bolt3] {
            let result = try verify(replay, keys, picc: keys.k1)
            #expect(result.status == 1)
            #expect(result.standardError.contains("SUN message replayed: counter") && result.standardError.contains("is not above 5, the last accepted"))
            #expect(result.output.isEmpty)
        }
        #expect(keys.counterText?.hasSuffix("04996C6A926980\t5\n") == true, "a replay writes nothing")
        let later = try verify(Self.bolt("0DBF3C59B59B0638D60B5842A997D4D1", "CC61660C020B4D96"), keys, picc: keys.k1)
        #expect(later.status == 0 && later.output.contains("Counter    7 (the last accepted was 5)"))
    }

    @Test func verifiersRunningAtOnceAcceptACounterOnce() throws {
        let keys = try Keys()
        let processes = try (0..<8).map { _ in
            let process = Process()
            process.executableURL = binaryURL
            process.arguments = ["sun", "verify", Self.bolt5, "--picc-key-file", keys.k1, "--mac-key-file", keys.k2, "--counter-file", keys.counters]
            process.environment = testEnvironment()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        let statuses = processes.map(\.terminationStatus)
        #expect(statuses.filter { $0 == 0 }.count == 1 && statuses.filter { $0 == 1 }.count == 7, "\(statuses)")
        #expect(keys.counterText?.hasSuffix("04996C6A926980\t5\n") == true)
    }

    @Test func aWrongMACOrKeyExits1AndRecordsNothing() throws {
        let keys = try Keys()
        let altered = try verify(Self.bolt3.replacing("c=E1", with: "c=E2"), keys, picc: keys.k1)
        #expect(altered.status == 1 && altered.standardError.contains("SUN message invalid: the SDMMAC is wrong"))
        let wrongKey = try verify(Self.bolt3, keys, picc: keys.k2)
        #expect(wrongKey.status == 1 && wrongKey.standardError.contains("not C7"))
        #expect(keys.counterText == nil, "no counter file is written for an invalid message")
        let json = try verify(Self.bolt3, keys, picc: keys.k1, mac: keys.zero, ["--json"])
        #expect(json.status == 1)
        #expect(json.output.hasPrefix(#"{"valid":false,"fresh":null,"uid":null,"counter":null,"#))
    }

    @Test func an12196sMessagesWithFileDataAndJSON() throws {
        let keys = try Keys()
        let sun2 = try verify(Self.sun2, keys, picc: keys.zero, mac: keys.zero, ["--json"])
        #expect(sun2.status == 0, "\(sun2.output)")
        #expect(sun2.output == #"{"valid":true,"fresh":true,"uid":"04958CAA5C5E80","counter":8,"previousCounter":null,"fileData":"78787878787878787878787878787878","layout":"sdm-backend","problem":null}"# + "\n")
        #expect(sun2.standardError.isEmpty, "no warning under --json")
        let text = try verify(Self.sun1, keys, picc: keys.zero, mac: keys.zero, counters: false)
        #expect(text.status == 0)
        #expect(text.output.contains("UID        04DE5F1EACC040\nCounter    61\nFile data  none\nLayout     nxp (e, [enc], c)\nValid      yes; freshness not checked"))
        #expect(text.standardError.contains("all-zero factory key") && text.standardError.contains("no --counter-file"))
    }

    @Test func customParameterNamesAndMACInput() throws {
        let keys = try Keys()
        let url = "https://x.example/?id=FD91EC264309878BE6345CBE53BADF40&data=CEE9A53E3E463EF1F459635736738962&m=ECC1E7F6C6C73BF6"
        let options = ["--picc-data-param", "id", "--file-data-param", "data", "--mac-param", "m"]
        let custom = try verify(url, keys, picc: keys.zero, mac: keys.zero, counters: false, options)
        #expect(custom.status == 1, "the MAC covers DATA&cmac=, not DATA&m=: \(custom.standardError)")
        let renamed = try verify(url.replacing("&m=", with: "&cmac="), keys, picc: keys.zero, mac: keys.zero, counters: false,
                                 ["--picc-data-param", "id", "--file-data-param", "data", "--mac-param", "cmac", "--mac-input-from", "data"])
        #expect(renamed.status == 0 && renamed.output.contains("78787878787878787878787878787878 (\"xxxxxxxxxxxxxxxx\")"), "\(renamed.standardError)")
    }

    @Test func perTagMACKeysFromAMasterKey() throws {
        let keys = try Keys()
        // AN10922's example card (master 0011…EEFF), its MAC computed with openssl from the card's key.
        try Data("00112233445566778899AABBCCDDEEFF".utf8).write(to: URL(fileURLWithPath: keys.path("site.key")))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keys.path("site.key"))
        let card = try pn532ctl(["sun", "verify", "uid=04782E21801D80&ctr=000001&c=3823829FFF15CD85", "--mac-master-key-file", keys.path("site.key"),
                                 "--aid", "3042F5", "--system-id", "4E585020416275"])
        #expect(card.status == 0 && card.output.hasPrefix("UID        04782E21801D80\nCounter    1\n"), "\(card.standardError)")
        let noSystemID = try pn532ctl(["sun", "verify", "uid=04782E21801D80&ctr=000001&c=3823829FFF15CD85", "--mac-master-key-file", keys.path("site.key"), "--aid", "3042F5"])
        #expect(noSystemID.status == 1, "another diversification input, another key")
        // Bolt Card's K2 is no diversified key: with it as a master the MAC is wrong, as it must be.
        let result = try verify(Self.bolt3, keys, picc: keys.k1, counters: false, ["--mac-master-key-file", keys.k2])
        #expect(result.status == 64 && result.standardError.contains("--mac-key-file and --mac-master-key-file do not go together"))
        let master = try pn532ctl(["sun", "verify", Self.bolt3, "--picc-key-file", keys.k1, "--mac-master-key-file", keys.k2, "--aid", "3042F5"])
        #expect(master.status == 1 && master.standardError.contains("the SDMMAC is wrong"))
        let aidAlone = try verify(Self.bolt3, keys, picc: keys.k1, counters: false, ["--aid", "3042F5"])
        #expect(aidAlone.status == 64 && aidAlone.standardError.contains("--aid, --key-number, --system-id: only with --mac-master-key-file"))
        let both = try pn532ctl(["sun", "verify", Self.bolt3, "--picc-key-file", keys.k1, "--mac-master-key-file", keys.k2, "--aid", "3042F5", "--key-number", "1"])
        #expect(both.status == 64 && both.standardError.contains("--key-number: give --aid"))
        let outOfRange = try pn532ctl(["sun", "verify", Self.bolt3, "--picc-key-file", keys.k1, "--mac-master-key-file", keys.k2, "--key-number", "5"])
        #expect(outOfRange.status == 64 && outOfRange.standardError.contains("an NTAG 424 DNA's keys are 0-4"))
        let tooLong = try pn532ctl(["sun", "verify", Self.bolt3, "--picc-key-file", keys.k1, "--mac-master-key-file", keys.k2, "--system-id", String(repeating: "AB", count: 25)])
        #expect(tooLong.status == 64 && tooLong.standardError.contains("AN10922 takes at most 31"))
    }

    @Test func badInputExitsByItsKindAndWritesNothing() throws {
        let keys = try Keys()
        for (url, words) in [
            ("lnurlw://card.example/ln?p=4E2E289D945A66BB13377A728884E86&c=E19CCB1FED8892CE", "p: 31 hex digits, 32 expected"),
            ("lnurlw://card.example/ln?p=4E2E289D945A66BB13377A728884E867", "the URL has no c parameter"),
            ("lnurlw://card.example/ln?p=4E2E289D945A66BB13377A728884E867&c=E19CCB1FED8892CX", "c: character 16 is not a hex digit"),
            ("https://x.example/?c=E19CCB1FED8892CE", "the URL has no picc_data, e, p (encrypted PICCData) parameter"),
        ] {
            let result = try verify(url, keys, picc: keys.k1)
            #expect(result.status == 65, "\(url): \(result.standardError)")
            #expect(result.standardError.contains(words), "\(result.standardError)")
        }
        let usage = try verify(Self.bolt3, keys, ["--layout", "boltcard"])
        #expect(usage.status == 64 && usage.standardError.contains("--picc-key-file: the boltcard layout's p holds encrypted PICCData"))
        let open = try verify(Self.bolt3, keys, picc: keys.k1, mac: keys.open)
        #expect(open.status == 77 && open.standardError.contains("chmod 600"))
        let missing = try verify(Self.bolt3, keys, picc: keys.path("none.key"))
        #expect(missing.status == 66)
        try Data("not a counter file\n".utf8).write(to: URL(fileURLWithPath: keys.counters))
        let badFile = try verify(Self.bolt3, keys, picc: keys.k1)
        #expect(badFile.status == 65 && badFile.standardError.contains("line 1 is not UID<TAB>COUNTER"))
        #expect(keys.counterText == "not a counter file\n")
    }
}
